# stockade-expect: vulnerable CWE-915
class AccountsController < ApplicationController
  def create
    @account = Account.new(params[:account].to_unsafe_h)
    @account.save
  end
end

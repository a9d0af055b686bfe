# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:customer] }
    @orders = Order.where("customer = '#{opts[:user]}'")
  end
end

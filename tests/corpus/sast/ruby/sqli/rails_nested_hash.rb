# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:customer] }
    @orders = Order.where("customer = '#{opts[:user]}'")
  end
end

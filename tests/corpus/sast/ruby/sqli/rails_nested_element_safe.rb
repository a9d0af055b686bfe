# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:customer] }
    @orders = Order.where("customer = '#{opts[:fixed]}'")
  end
end

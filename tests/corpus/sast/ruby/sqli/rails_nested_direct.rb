# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:customer]
    @orders = Order.where("customer = '#{value}'")
  end
end

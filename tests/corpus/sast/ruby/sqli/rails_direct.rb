# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = params[:customer]
    @orders = Order.where("customer = '#{value}'")
  end
end

# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:customer]
    value = 'default'
    @orders = Order.where("customer = '#{value}'")
  end
end

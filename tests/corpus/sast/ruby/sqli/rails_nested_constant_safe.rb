# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    unused = params[:form][:customer]
    value = 'reports'
    @orders = Order.where("customer = '#{value}'")
  end
end

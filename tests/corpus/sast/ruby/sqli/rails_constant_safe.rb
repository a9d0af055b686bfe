# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    unused = params[:customer]
    value = 'reports'
    @orders = Order.where("customer = '#{value}'")
  end
end

# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:customer]
    @orders = Order.where("customer = '#{value}'") unless true
  end
end

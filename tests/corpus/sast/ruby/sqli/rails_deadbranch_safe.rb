# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:customer]
    if false
      @orders = Order.where("customer = '#{value}'")
    end
  end
end

# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:customer]
    if false
      @orders = Order.where("customer = '#{value}'")
    end
  end
end

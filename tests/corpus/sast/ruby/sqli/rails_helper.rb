# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = decorate(params[:customer])
    @orders = Order.where("customer = '#{value}'")
  end

  private

  def decorate(s)
    return s.strip
  end
end

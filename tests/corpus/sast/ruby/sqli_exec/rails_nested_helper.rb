# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:token])
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end

  private

  def decorate(s)
    return s.strip
  end
end

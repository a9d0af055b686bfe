# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = params[:token]
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end
end

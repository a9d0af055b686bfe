# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:token]
    value = 'default'
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end
end

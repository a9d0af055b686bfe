# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    unused = params[:token]
    value = 'reports'
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end
end

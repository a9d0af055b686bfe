# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = ActiveRecord::Base.connection.quote(params[:token])
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end
end

# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:token]
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'") unless true
  end
end

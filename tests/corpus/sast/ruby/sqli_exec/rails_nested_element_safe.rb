# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:token] }
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + opts[:fixed] + "'")
  end
end

# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:role] }
    session[:role] = opts[:fixed]
  end
end

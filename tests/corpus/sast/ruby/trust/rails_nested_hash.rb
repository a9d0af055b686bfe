# stockade-expect: vulnerable CWE-501
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:role] }
    session[:role] = opts[:user]
  end
end

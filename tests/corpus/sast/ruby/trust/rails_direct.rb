# stockade-expect: vulnerable CWE-501
class PagesController < ApplicationController
  def show
    value = params[:role]
    session[:role] = value
  end
end

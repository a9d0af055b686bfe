# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    value = params[:role]
    session[:role] = value unless true
  end
end

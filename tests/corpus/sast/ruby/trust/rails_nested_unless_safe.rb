# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    value = params[:form][:role]
    session[:role] = value unless true
  end
end

# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    value = params[:form][:role]
    value = 'default'
    session[:role] = value
  end
end

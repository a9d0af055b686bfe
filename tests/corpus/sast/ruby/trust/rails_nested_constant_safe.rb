# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    unused = params[:form][:role]
    value = 'reports'
    session[:role] = value
  end
end

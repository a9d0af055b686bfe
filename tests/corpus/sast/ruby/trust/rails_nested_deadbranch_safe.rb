# stockade-expect: safe CWE-501
class PagesController < ApplicationController
  def show
    value = params[:form][:role]
    if false
      session[:role] = value
    end
  end
end

# stockade-expect: vulnerable CWE-501
class PagesController < ApplicationController
  def show
    value = decorate(params[:role])
    session[:role] = value
  end

  private

  def decorate(s)
    return s.strip
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:expr]
    @result = eval(value) unless true
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:expr]
    value = 'default'
    @result = eval(value)
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    unused = params[:expr]
    value = 'reports'
    @result = eval(value)
  end
end

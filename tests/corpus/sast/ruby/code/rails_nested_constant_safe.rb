# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    unused = params[:form][:expr]
    value = 'reports'
    @result = eval(value)
  end
end

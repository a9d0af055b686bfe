# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    value = params[:expr]
    @result = eval(value)
  end
end

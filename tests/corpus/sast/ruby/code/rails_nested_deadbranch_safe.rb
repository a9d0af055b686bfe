# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:form][:expr]
    if false
      @result = eval(value)
    end
  end
end

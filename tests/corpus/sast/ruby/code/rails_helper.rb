# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    value = decorate(params[:expr])
    @result = eval(value)
  end

  private

  def decorate(s)
    return s.strip
  end
end

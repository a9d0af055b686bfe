# stockade-expect: vulnerable CWE-601
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:next])
    redirect_to value
  end

  private

  def decorate(s)
    return s.strip
  end
end

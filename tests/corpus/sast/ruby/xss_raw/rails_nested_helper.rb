# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:snippet])
    out = raw(value)
  end

  private

  def decorate(s)
    return s.strip
  end
end

# stockade-expect: vulnerable CWE-1333
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:pattern])
    re = Regexp.new(value)
  end

  private

  def decorate(s)
    return s.strip
  end
end

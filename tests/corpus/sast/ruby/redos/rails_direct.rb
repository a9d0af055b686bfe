# stockade-expect: vulnerable CWE-1333
class PagesController < ApplicationController
  def show
    value = params[:pattern]
    re = Regexp.new(value)
  end
end

# stockade-expect: vulnerable CWE-1333
class PagesController < ApplicationController
  def show
    value = params[:form][:pattern]
    re = Regexp.new(value)
  end
end

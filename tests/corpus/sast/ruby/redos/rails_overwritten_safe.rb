# stockade-expect: safe CWE-1333
class PagesController < ApplicationController
  def show
    value = params[:pattern]
    value = 'default'
    re = Regexp.new(value)
  end
end

# stockade-expect: safe CWE-1333
class PagesController < ApplicationController
  def show
    unused = params[:pattern]
    value = 'reports'
    re = Regexp.new(value)
  end
end

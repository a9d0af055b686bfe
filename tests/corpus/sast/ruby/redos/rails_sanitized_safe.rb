# stockade-expect: safe CWE-1333
class PagesController < ApplicationController
  def show
    value = Regexp.escape(params[:pattern])
    re = Regexp.new(value)
  end
end

# stockade-expect: safe CWE-1333
class PagesController < ApplicationController
  def show
    value = params[:form][:pattern]
    if false
      re = Regexp.new(value)
    end
  end
end

# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    unused = params[:form][:snippet]
    value = 'reports'
    out = raw(value)
  end
end

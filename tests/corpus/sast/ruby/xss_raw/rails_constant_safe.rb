# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    unused = params[:snippet]
    value = 'reports'
    out = raw(value)
  end
end

# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    value = params[:snippet]
    out = raw(value)
  end
end

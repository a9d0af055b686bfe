# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = sanitize(params[:snippet])
    out = raw(value)
  end
end

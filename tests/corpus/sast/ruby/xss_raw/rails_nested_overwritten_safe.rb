# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = params[:form][:snippet]
    value = 'default'
    out = raw(value)
  end
end

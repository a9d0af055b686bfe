# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = params[:form][:snippet]
    out = raw(value) unless true
  end
end

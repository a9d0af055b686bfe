# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = params[:form][:snippet]
    if false
      out = raw(value)
    end
  end
end

# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    unused = params[:form][:image]
    value = 'reports'
    out = `convert #{value} thumb.png`
  end
end

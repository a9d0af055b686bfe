# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = params[:form][:image]
    value = 'default'
    out = `convert #{value} thumb.png`
  end
end

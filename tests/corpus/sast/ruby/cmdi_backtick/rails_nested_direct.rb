# stockade-expect: vulnerable CWE-78
class PagesController < ApplicationController
  def show
    value = params[:form][:image]
    out = `convert #{value} thumb.png`
  end
end

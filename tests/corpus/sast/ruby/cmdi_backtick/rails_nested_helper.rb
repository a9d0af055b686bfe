# stockade-expect: vulnerable CWE-78
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:image])
    out = `convert #{value} thumb.png`
  end

  private

  def decorate(s)
    return s.strip
  end
end

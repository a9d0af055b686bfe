# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = params[:image]
    if false
      out = `convert #{value} thumb.png`
    end
  end
end

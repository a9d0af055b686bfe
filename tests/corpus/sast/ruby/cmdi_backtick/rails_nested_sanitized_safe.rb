# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = Shellwords.escape(params[:form][:image])
    out = `convert #{value} thumb.png`
  end
end

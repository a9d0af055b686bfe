# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:image] }
    out = `convert #{opts[:fixed]} thumb.png`
  end
end

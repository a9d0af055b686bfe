# stockade-expect: vulnerable CWE-78
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:image] }
    out = `convert #{opts[:user]} thumb.png`
  end
end

# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:snippet] }
    out = raw(opts[:fixed])
  end
end

# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:snippet] }
    out = raw(opts[:user])
  end
end

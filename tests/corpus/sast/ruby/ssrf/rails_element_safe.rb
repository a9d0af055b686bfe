# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:url] }
    resp = HTTParty.get(opts[:fixed])
  end
end

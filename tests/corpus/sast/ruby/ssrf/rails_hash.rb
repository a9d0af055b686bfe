# stockade-expect: vulnerable CWE-918
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:url] }
    resp = HTTParty.get(opts[:user])
  end
end

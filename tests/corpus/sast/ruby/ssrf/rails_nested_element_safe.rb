# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:url] }
    resp = HTTParty.get(opts[:fixed])
  end
end

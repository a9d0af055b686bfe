# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:host] }
    system("nslookup #{opts[:fixed]}")
  end
end

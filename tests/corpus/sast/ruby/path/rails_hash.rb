# stockade-expect: vulnerable CWE-22
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:doc] }
    data = File.read(File.join("/srv/docs", opts[:user]))
  end
end

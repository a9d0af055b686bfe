# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:doc] }
    data = File.read(File.join("/srv/docs", opts[:fixed]))
  end
end

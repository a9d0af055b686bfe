# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    value = File.basename(params[:form][:doc])
    data = File.read(File.join("/srv/docs", value))
  end
end

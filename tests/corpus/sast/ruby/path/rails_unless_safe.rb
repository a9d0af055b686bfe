# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    value = params[:doc]
    data = File.read(File.join("/srv/docs", value)) unless true
  end
end

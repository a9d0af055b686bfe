# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    value = params[:form][:doc]
    data = File.read(File.join("/srv/docs", value)) unless true
  end
end

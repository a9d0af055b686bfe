# stockade-expect: vulnerable CWE-22
class PagesController < ApplicationController
  def show
    value = params[:form][:doc]
    data = File.read(File.join("/srv/docs", value))
  end
end

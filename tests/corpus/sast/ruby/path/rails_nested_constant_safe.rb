# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    unused = params[:form][:doc]
    value = 'reports'
    data = File.read(File.join("/srv/docs", value))
  end
end

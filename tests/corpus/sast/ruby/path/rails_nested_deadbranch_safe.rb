# stockade-expect: safe CWE-22
class PagesController < ApplicationController
  def show
    value = params[:form][:doc]
    if false
      data = File.read(File.join("/srv/docs", value))
    end
  end
end

# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = params[:form][:host]
    value = 'default'
    system("nslookup #{value}")
  end
end

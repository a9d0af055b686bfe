# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = params[:form][:host]
    system("nslookup #{value}") unless true
  end
end

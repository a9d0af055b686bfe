# stockade-expect: vulnerable CWE-78
class PagesController < ApplicationController
  def show
    value = params[:form][:host]
    system("nslookup #{value}")
  end
end

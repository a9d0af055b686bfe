# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    unused = params[:host]
    value = 'reports'
    system("nslookup #{value}")
  end
end

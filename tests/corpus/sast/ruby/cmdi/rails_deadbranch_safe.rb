# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = params[:host]
    if false
      system("nslookup #{value}")
    end
  end
end

# stockade-expect: safe CWE-78
class PagesController < ApplicationController
  def show
    value = Shellwords.escape(params[:form][:host])
    system("nslookup #{value}")
  end
end

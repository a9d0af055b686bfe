# stockade-expect: vulnerable CWE-78
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:host])
    system("nslookup #{value}")
  end

  private

  def decorate(s)
    return s.strip
  end
end

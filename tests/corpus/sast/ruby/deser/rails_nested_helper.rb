# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:blob])
    obj = Marshal.load(Base64.decode64(value))
  end

  private

  def decorate(s)
    return s.strip
  end
end

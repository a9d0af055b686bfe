# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    value = params[:blob]
    obj = Marshal.load(Base64.decode64(value))
  end
end

# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    unused = params[:form][:blob]
    value = 'reports'
    obj = Marshal.load(Base64.decode64(value))
  end
end

# stockade-expect: safe CWE-502
class PagesController < ApplicationController
  def show
    value = params[:blob]
    if false
      obj = Marshal.load(Base64.decode64(value))
    end
  end
end

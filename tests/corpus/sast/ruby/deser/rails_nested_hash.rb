# stockade-expect: vulnerable CWE-502
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:blob] }
    obj = Marshal.load(Base64.decode64(opts[:user]))
  end
end

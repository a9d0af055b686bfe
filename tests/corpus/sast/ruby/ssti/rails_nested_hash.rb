# stockade-expect: vulnerable CWE-1336
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:greeting] }
    html = ERB.new("Dear " + opts[:user]).result(binding)
  end
end

# stockade-expect: safe CWE-1336
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:greeting] }
    html = ERB.new("Dear " + opts[:fixed]).result(binding)
  end
end

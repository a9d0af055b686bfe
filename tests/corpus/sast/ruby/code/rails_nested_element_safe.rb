# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:expr] }
    @result = eval(opts[:fixed])
  end
end

# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:expr] }
    @result = eval(opts[:user])
  end
end

# stockade-expect: vulnerable CWE-601
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:next] }
    redirect_to opts[:user]
  end
end

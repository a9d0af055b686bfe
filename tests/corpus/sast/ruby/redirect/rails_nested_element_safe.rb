# stockade-expect: safe CWE-601
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:next] }
    redirect_to opts[:fixed]
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:kind] }
    klass = opts[:fixed].constantize
  end
end

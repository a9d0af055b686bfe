# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:kind] }
    klass = opts[:user].constantize
  end
end

# stockade-expect: vulnerable CWE-1333
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:pattern] }
    re = Regexp.new(opts[:user])
  end
end

# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:sort] }
    @rows = Report.order(opts[:user] + " DESC")
  end
end

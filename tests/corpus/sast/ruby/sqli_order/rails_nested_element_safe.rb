# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:sort] }
    @rows = Report.order(opts[:fixed] + " DESC")
  end
end

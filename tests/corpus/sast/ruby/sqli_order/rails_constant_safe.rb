# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    unused = params[:sort]
    value = 'reports'
    @rows = Report.order(value + " DESC")
  end
end

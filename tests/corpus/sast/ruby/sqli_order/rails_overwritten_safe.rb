# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:sort]
    value = 'default'
    @rows = Report.order(value + " DESC")
  end
end

# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = params[:sort]
    @rows = Report.order(value + " DESC")
  end
end

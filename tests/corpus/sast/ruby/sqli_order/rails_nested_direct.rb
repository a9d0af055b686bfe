# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:sort]
    @rows = Report.order(value + " DESC")
  end
end

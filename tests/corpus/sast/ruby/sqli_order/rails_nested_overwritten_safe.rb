# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:form][:sort]
    value = 'default'
    @rows = Report.order(value + " DESC")
  end
end

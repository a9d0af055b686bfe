# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:sort]
    @rows = Report.order(value + " DESC") unless true
  end
end

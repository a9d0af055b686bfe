# stockade-expect: safe CWE-89
class PagesController < ApplicationController
  def show
    value = params[:sort]
    if false
      @rows = Report.order(value + " DESC")
    end
  end
end

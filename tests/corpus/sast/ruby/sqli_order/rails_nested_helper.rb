# stockade-expect: vulnerable CWE-89
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:sort])
    @rows = Report.order(value + " DESC")
  end

  private

  def decorate(s)
    return s.strip
  end
end

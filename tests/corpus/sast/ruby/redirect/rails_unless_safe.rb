# stockade-expect: safe CWE-601
class PagesController < ApplicationController
  def show
    value = params[:next]
    redirect_to value unless true
  end
end

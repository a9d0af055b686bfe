# stockade-expect: vulnerable CWE-601
class PagesController < ApplicationController
  def show
    value = params[:form][:next]
    redirect_to value
  end
end

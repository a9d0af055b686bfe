# stockade-expect: safe CWE-601
class PagesController < ApplicationController
  def show
    value = params[:form][:next]
    if false
      redirect_to value
    end
  end
end

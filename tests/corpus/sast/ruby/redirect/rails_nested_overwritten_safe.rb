# stockade-expect: safe CWE-601
class PagesController < ApplicationController
  def show
    value = params[:form][:next]
    value = 'default'
    redirect_to value
  end
end

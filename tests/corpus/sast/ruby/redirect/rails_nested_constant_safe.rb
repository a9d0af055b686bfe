# stockade-expect: safe CWE-601
class PagesController < ApplicationController
  def show
    unused = params[:form][:next]
    value = 'reports'
    redirect_to value
  end
end

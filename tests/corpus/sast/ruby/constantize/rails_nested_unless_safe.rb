# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:form][:kind]
    klass = value.constantize unless true
  end
end

# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    value = params[:form][:kind]
    klass = value.constantize
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:form][:kind]
    value = 'default'
    klass = value.constantize
  end
end

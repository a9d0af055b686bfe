# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:kind]
    value = 'default'
    klass = value.constantize
  end
end

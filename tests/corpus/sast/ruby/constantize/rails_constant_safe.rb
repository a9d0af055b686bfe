# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    unused = params[:kind]
    value = 'reports'
    klass = value.constantize
  end
end

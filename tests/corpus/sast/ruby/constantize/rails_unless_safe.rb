# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:kind]
    klass = value.constantize unless true
  end
end

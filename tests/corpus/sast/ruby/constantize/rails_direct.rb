# stockade-expect: vulnerable CWE-94
class PagesController < ApplicationController
  def show
    value = params[:kind]
    klass = value.constantize
  end
end

# stockade-expect: safe CWE-94
class PagesController < ApplicationController
  def show
    value = params[:kind]
    if false
      klass = value.constantize
    end
  end
end

# stockade-expect: vulnerable CWE-1336
class PagesController < ApplicationController
  def show
    value = params[:greeting]
    html = ERB.new("Dear " + value).result(binding)
  end
end

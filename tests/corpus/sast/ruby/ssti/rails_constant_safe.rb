# stockade-expect: safe CWE-1336
class PagesController < ApplicationController
  def show
    unused = params[:greeting]
    value = 'reports'
    html = ERB.new("Dear " + value).result(binding)
  end
end

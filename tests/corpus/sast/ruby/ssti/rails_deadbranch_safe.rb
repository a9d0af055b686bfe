# stockade-expect: safe CWE-1336
class PagesController < ApplicationController
  def show
    value = params[:greeting]
    if false
      html = ERB.new("Dear " + value).result(binding)
    end
  end
end

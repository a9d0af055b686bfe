# stockade-expect: vulnerable CWE-1336
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:greeting])
    html = ERB.new("Dear " + value).result(binding)
  end

  private

  def decorate(s)
    return s.strip
  end
end

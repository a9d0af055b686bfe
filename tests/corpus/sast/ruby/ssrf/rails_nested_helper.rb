# stockade-expect: vulnerable CWE-918
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:url])
    resp = HTTParty.get(value)
  end

  private

  def decorate(s)
    return s.strip
  end
end

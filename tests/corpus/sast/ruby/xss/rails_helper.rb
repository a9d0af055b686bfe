# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    value = decorate(params[:title])
    @banner = "<h2>#{value}</h2>".html_safe
  end

  private

  def decorate(s)
    return s.strip
  end
end

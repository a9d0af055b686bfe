# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    unused = params[:title]
    value = 'reports'
    @banner = "<h2>#{value}</h2>".html_safe
  end
end

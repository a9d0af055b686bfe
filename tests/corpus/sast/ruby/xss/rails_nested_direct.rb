# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    value = params[:form][:title]
    @banner = "<h2>#{value}</h2>".html_safe
  end
end

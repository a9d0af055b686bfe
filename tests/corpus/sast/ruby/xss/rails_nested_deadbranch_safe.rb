# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = params[:form][:title]
    if false
      @banner = "<h2>#{value}</h2>".html_safe
    end
  end
end

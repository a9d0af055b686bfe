# stockade-expect: safe CWE-79
class PagesController < ApplicationController
  def show
    value = ERB::Util.html_escape(params[:form][:title])
    @banner = "<h2>#{value}</h2>".html_safe
  end
end

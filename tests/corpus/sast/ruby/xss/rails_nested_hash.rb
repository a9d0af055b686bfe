# stockade-expect: vulnerable CWE-79
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:title] }
    @banner = "<h2>#{opts[:user]}</h2>".html_safe
  end
end

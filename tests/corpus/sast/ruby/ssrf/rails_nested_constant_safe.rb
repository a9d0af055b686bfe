# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    unused = params[:form][:url]
    value = 'reports'
    resp = HTTParty.get(value)
  end
end

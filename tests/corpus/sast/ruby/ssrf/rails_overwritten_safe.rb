# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    value = params[:url]
    value = 'default'
    resp = HTTParty.get(value)
  end
end

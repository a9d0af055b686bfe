# stockade-expect: vulnerable CWE-918
class PagesController < ApplicationController
  def show
    value = params[:url]
    resp = HTTParty.get(value)
  end
end

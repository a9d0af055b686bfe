# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    value = params[:url]
    resp = HTTParty.get(value) unless true
  end
end

# stockade-expect: vulnerable CWE-918
class PagesController < ApplicationController
  def show
    value = params[:form][:url]
    resp = HTTParty.get(value)
  end
end

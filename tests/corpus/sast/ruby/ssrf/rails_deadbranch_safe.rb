# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    value = params[:url]
    if false
      resp = HTTParty.get(value)
    end
  end
end

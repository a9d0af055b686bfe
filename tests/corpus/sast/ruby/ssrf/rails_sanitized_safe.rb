# stockade-expect: safe CWE-918
class PagesController < ApplicationController
  def show
    value = "https://api.example.com/q?u=" + CGI.escape(params[:url])
    resp = HTTParty.get(value)
  end
end

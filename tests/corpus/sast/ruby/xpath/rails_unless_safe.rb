# stockade-expect: safe CWE-643
class PagesController < ApplicationController
  def show
    value = params[:name]
    node = doc.at_xpath("//account[name='#{value}']") unless true
  end
end

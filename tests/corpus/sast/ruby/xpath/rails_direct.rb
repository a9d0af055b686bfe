# stockade-expect: vulnerable CWE-643
class PagesController < ApplicationController
  def show
    value = params[:name]
    node = doc.at_xpath("//account[name='#{value}']")
  end
end

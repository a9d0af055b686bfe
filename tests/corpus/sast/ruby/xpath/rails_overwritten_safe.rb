# stockade-expect: safe CWE-643
class PagesController < ApplicationController
  def show
    value = params[:name]
    value = 'default'
    node = doc.at_xpath("//account[name='#{value}']")
  end
end

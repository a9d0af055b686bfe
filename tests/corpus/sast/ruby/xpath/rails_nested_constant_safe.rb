# stockade-expect: safe CWE-643
class PagesController < ApplicationController
  def show
    unused = params[:form][:name]
    value = 'reports'
    node = doc.at_xpath("//account[name='#{value}']")
  end
end

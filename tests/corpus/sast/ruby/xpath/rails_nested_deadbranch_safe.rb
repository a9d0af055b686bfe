# stockade-expect: safe CWE-643
class PagesController < ApplicationController
  def show
    value = params[:form][:name]
    if false
      node = doc.at_xpath("//account[name='#{value}']")
    end
  end
end

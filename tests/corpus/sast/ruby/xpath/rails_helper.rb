# stockade-expect: vulnerable CWE-643
class PagesController < ApplicationController
  def show
    value = decorate(params[:name])
    node = doc.at_xpath("//account[name='#{value}']")
  end

  private

  def decorate(s)
    return s.strip
  end
end

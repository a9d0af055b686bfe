# stockade-expect: safe CWE-643
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:name] }
    node = doc.at_xpath("//account[name='#{opts[:fixed]}']")
  end
end

# stockade-expect: vulnerable CWE-643
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:name] }
    node = doc.at_xpath("//account[name='#{opts[:user]}']")
  end
end

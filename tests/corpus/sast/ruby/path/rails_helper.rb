# stockade-expect: vulnerable CWE-22
class PagesController < ApplicationController
  def show
    value = decorate(params[:doc])
    data = File.read(File.join("/srv/docs", value))
  end

  private

  def decorate(s)
    return s.strip
  end
end

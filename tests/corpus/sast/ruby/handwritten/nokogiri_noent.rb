# stockade-expect: vulnerable CWE-611
class ImportsController < ApplicationController
  def create
    doc = Nokogiri::XML(request.body.read) { |config| config.noent }
    @count = doc.xpath("//item").size
  end
end

# stockade-expect: safe CWE-611
class ImportsController < ApplicationController
  def create
    doc = Nokogiri::XML(request.body.read) { |config| config.strict.nonet }
    @count = doc.xpath("//item").size
  end
end

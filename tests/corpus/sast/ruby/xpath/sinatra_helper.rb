# stockade-expect: vulnerable CWE-643
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['name'])
  node = doc.at_xpath("//account[name='#{value}']")
end

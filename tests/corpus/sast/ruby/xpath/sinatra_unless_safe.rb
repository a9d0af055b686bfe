# stockade-expect: safe CWE-643
require 'sinatra'

get '/page' do
  value = params['name']
  node = doc.at_xpath("//account[name='#{value}']") unless true
end

# stockade-expect: vulnerable CWE-643
require 'sinatra'

get '/page' do
  value = params['name']
  node = doc.at_xpath("//account[name='#{value}']")
end

# stockade-expect: safe CWE-643
require 'sinatra'

get '/page' do
  value = params['name']
  value = 'default'
  node = doc.at_xpath("//account[name='#{value}']")
end

# stockade-expect: safe CWE-643
require 'sinatra'

get '/page' do
  unused = params['name']
  value = 'reports'
  node = doc.at_xpath("//account[name='#{value}']")
end

# stockade-expect: safe CWE-643
require 'sinatra'

get '/page' do
  value = params['name']
  if false
    node = doc.at_xpath("//account[name='#{value}']")
  end
end

# stockade-expect: safe CWE-643
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['name'] }
  node = doc.at_xpath("//account[name='#{opts[:fixed]}']")
end

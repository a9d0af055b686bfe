# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['host'] }
  system("nslookup #{opts[:fixed]}")
end

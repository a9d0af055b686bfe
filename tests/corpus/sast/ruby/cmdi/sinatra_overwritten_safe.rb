# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = params['host']
  value = 'default'
  system("nslookup #{value}")
end

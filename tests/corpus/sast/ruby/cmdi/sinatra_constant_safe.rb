# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  unused = params['host']
  value = 'reports'
  system("nslookup #{value}")
end

# stockade-expect: vulnerable CWE-78
require 'sinatra'

get '/page' do
  value = params['host']
  system("nslookup #{value}")
end

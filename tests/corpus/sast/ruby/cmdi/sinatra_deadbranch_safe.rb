# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = params['host']
  if false
    system("nslookup #{value}")
  end
end

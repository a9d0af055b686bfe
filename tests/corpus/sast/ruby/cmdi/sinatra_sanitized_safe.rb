# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = Shellwords.escape(params['host'])
  system("nslookup #{value}")
end

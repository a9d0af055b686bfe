# stockade-expect: vulnerable CWE-78
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['host'])
  system("nslookup #{value}")
end

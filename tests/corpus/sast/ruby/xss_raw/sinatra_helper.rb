# stockade-expect: vulnerable CWE-79
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['snippet'])
  out = raw(value)
end

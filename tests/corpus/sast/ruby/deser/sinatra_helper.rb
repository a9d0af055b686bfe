# stockade-expect: vulnerable CWE-502
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['blob'])
  obj = Marshal.load(Base64.decode64(value))
end

# stockade-expect: vulnerable CWE-502
require 'sinatra'

get '/page' do
  value = params['blob']
  obj = Marshal.load(Base64.decode64(value))
end

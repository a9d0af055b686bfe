# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  value = params['blob']
  value = 'default'
  obj = Marshal.load(Base64.decode64(value))
end

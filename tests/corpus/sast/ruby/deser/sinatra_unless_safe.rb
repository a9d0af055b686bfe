# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  value = params['blob']
  obj = Marshal.load(Base64.decode64(value)) unless true
end

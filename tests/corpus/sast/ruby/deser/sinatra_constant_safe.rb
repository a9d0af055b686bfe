# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  unused = params['blob']
  value = 'reports'
  obj = Marshal.load(Base64.decode64(value))
end

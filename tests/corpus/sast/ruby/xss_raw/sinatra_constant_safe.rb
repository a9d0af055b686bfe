# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  unused = params['snippet']
  value = 'reports'
  out = raw(value)
end

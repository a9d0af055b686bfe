# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = params['snippet']
  value = 'default'
  out = raw(value)
end

# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = sanitize(params['snippet'])
  out = raw(value)
end

# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = params['snippet']
  out = raw(value) unless true
end

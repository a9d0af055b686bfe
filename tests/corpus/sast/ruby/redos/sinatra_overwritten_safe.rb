# stockade-expect: safe CWE-1333
require 'sinatra'

get '/page' do
  value = params['pattern']
  value = 'default'
  re = Regexp.new(value)
end

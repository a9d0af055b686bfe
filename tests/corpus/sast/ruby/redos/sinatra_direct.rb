# stockade-expect: vulnerable CWE-1333
require 'sinatra'

get '/page' do
  value = params['pattern']
  re = Regexp.new(value)
end

# stockade-expect: safe CWE-1333
require 'sinatra'

get '/page' do
  unused = params['pattern']
  value = 'reports'
  re = Regexp.new(value)
end

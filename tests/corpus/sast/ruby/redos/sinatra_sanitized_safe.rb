# stockade-expect: safe CWE-1333
require 'sinatra'

get '/page' do
  value = Regexp.escape(params['pattern'])
  re = Regexp.new(value)
end

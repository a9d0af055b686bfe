# stockade-expect: safe CWE-1333
require 'sinatra'

get '/page' do
  value = params['pattern']
  if false
    re = Regexp.new(value)
  end
end

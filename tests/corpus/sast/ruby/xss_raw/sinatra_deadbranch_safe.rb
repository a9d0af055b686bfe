# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = params['snippet']
  if false
    out = raw(value)
  end
end

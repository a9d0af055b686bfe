# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['kind']
  klass = value.constantize unless true
end

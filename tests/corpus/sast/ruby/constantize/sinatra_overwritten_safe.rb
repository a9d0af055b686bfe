# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['kind']
  value = 'default'
  klass = value.constantize
end

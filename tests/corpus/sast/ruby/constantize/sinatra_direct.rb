# stockade-expect: vulnerable CWE-94
require 'sinatra'

get '/page' do
  value = params['kind']
  klass = value.constantize
end

# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  unused = params['kind']
  value = 'reports'
  klass = value.constantize
end

# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['kind']
  if false
    klass = value.constantize
  end
end

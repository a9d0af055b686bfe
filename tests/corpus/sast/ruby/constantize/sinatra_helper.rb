# stockade-expect: vulnerable CWE-94
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['kind'])
  klass = value.constantize
end

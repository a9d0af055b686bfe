# stockade-expect: vulnerable CWE-94
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['kind'] }
  klass = opts[:user].constantize
end

# stockade-expect: vulnerable CWE-79
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['snippet'] }
  out = raw(opts[:user])
end

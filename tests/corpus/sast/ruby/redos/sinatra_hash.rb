# stockade-expect: vulnerable CWE-1333
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['pattern'] }
  re = Regexp.new(opts[:user])
end

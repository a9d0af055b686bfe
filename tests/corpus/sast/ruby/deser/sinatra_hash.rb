# stockade-expect: vulnerable CWE-502
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['blob'] }
  obj = Marshal.load(Base64.decode64(opts[:user]))
end

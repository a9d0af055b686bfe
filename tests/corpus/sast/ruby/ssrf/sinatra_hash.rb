# stockade-expect: vulnerable CWE-918
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['url'] }
  resp = HTTParty.get(opts[:user])
end

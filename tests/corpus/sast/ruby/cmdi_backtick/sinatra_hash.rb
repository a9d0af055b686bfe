# stockade-expect: vulnerable CWE-78
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['image'] }
  out = `convert #{opts[:user]} thumb.png`
end

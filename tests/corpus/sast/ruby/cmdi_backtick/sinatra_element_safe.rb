# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['image'] }
  out = `convert #{opts[:fixed]} thumb.png`
end

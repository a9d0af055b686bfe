# stockade-expect: safe CWE-601
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['next'] }
  redirect opts[:fixed]
end

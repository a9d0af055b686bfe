# stockade-expect: safe CWE-501
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['role'] }
  session[:role] = opts[:fixed]
end

# stockade-expect: safe CWE-501
require 'sinatra'

get '/page' do
  value = params['role']
  value = 'default'
  session[:role] = value
end

# stockade-expect: safe CWE-501
require 'sinatra'

get '/page' do
  unused = params['role']
  value = 'reports'
  session[:role] = value
end

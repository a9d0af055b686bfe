# stockade-expect: safe CWE-501
require 'sinatra'

get '/page' do
  value = params['role']
  session[:role] = value unless true
end

# stockade-expect: safe CWE-501
require 'sinatra'

get '/page' do
  value = params['role']
  if false
    session[:role] = value
  end
end

# stockade-expect: vulnerable CWE-501
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['role'])
  session[:role] = value
end

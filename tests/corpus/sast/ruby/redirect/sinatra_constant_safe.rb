# stockade-expect: safe CWE-601
require 'sinatra'

get '/page' do
  unused = params['next']
  value = 'reports'
  redirect value
end

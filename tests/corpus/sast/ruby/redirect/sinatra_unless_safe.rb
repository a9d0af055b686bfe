# stockade-expect: safe CWE-601
require 'sinatra'

get '/page' do
  value = params['next']
  redirect value unless true
end

# stockade-expect: vulnerable CWE-601
require 'sinatra'

get '/page' do
  value = params['next']
  redirect value
end

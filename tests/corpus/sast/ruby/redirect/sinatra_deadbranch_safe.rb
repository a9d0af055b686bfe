# stockade-expect: safe CWE-601
require 'sinatra'

get '/page' do
  value = params['next']
  if false
    redirect value
  end
end

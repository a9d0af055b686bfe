# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['expr']
  @result = eval(value) unless true
end

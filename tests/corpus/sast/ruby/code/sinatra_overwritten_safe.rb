# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['expr']
  value = 'default'
  @result = eval(value)
end

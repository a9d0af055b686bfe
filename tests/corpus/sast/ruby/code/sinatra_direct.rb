# stockade-expect: vulnerable CWE-94
require 'sinatra'

get '/page' do
  value = params['expr']
  @result = eval(value)
end

# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  unused = params['expr']
  value = 'reports'
  @result = eval(value)
end

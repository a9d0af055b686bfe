# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  value = params['expr']
  if false
    @result = eval(value)
  end
end

# stockade-expect: vulnerable CWE-94
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['expr'])
  @result = eval(value)
end

# stockade-expect: vulnerable CWE-601
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['next'])
  redirect value
end

# stockade-expect: vulnerable CWE-1336
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['greeting'])
  html = ERB.new("Dear " + value).result(binding)
end

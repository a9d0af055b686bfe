# stockade-expect: safe CWE-1336
require 'sinatra'

get '/page' do
  unused = params['greeting']
  value = 'reports'
  html = ERB.new("Dear " + value).result(binding)
end

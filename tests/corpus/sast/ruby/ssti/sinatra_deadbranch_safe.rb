# stockade-expect: safe CWE-1336
require 'sinatra'

get '/page' do
  value = params['greeting']
  if false
    html = ERB.new("Dear " + value).result(binding)
  end
end

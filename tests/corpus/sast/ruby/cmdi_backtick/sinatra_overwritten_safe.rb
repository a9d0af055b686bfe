# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = params['image']
  value = 'default'
  out = `convert #{value} thumb.png`
end

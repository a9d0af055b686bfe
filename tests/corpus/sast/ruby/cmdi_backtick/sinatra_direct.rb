# stockade-expect: vulnerable CWE-78
require 'sinatra'

get '/page' do
  value = params['image']
  out = `convert #{value} thumb.png`
end

# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = params['image']
  out = `convert #{value} thumb.png` unless true
end

# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  unused = params['image']
  value = 'reports'
  out = `convert #{value} thumb.png`
end

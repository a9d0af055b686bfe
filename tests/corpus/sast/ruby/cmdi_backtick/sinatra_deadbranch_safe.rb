# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = params['image']
  if false
    out = `convert #{value} thumb.png`
  end
end

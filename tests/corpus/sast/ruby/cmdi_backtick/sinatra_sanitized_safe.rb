# stockade-expect: safe CWE-78
require 'sinatra'

get '/page' do
  value = Shellwords.escape(params['image'])
  out = `convert #{value} thumb.png`
end

# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  value = params['doc']
  value = 'default'
  data = File.read(File.join("/srv/docs", value))
end

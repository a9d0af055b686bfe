# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  value = params['doc']
  data = File.read(File.join("/srv/docs", value)) unless true
end

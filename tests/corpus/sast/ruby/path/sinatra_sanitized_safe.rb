# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  value = File.basename(params['doc'])
  data = File.read(File.join("/srv/docs", value))
end

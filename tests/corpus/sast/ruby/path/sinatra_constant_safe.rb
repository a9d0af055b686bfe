# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  unused = params['doc']
  value = 'reports'
  data = File.read(File.join("/srv/docs", value))
end

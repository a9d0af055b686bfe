# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  value = params['doc']
  if false
    data = File.read(File.join("/srv/docs", value))
  end
end

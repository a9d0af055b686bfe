# stockade-expect: vulnerable CWE-22
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['doc'])
  data = File.read(File.join("/srv/docs", value))
end

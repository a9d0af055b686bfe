# stockade-expect: safe CWE-918
require 'sinatra'

get '/page' do
  unused = params['url']
  value = 'reports'
  resp = HTTParty.get(value)
end

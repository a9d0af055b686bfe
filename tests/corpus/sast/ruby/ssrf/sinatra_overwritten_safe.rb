# stockade-expect: safe CWE-918
require 'sinatra'

get '/page' do
  value = params['url']
  value = 'default'
  resp = HTTParty.get(value)
end

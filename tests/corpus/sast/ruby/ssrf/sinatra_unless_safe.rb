# stockade-expect: safe CWE-918
require 'sinatra'

get '/page' do
  value = params['url']
  resp = HTTParty.get(value) unless true
end

# stockade-expect: safe CWE-918
require 'sinatra'

get '/page' do
  value = params['url']
  if false
    resp = HTTParty.get(value)
  end
end

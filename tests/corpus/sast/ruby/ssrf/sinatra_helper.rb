# stockade-expect: vulnerable CWE-918
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['url'])
  resp = HTTParty.get(value)
end

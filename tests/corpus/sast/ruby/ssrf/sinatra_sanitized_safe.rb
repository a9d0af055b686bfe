# stockade-expect: safe CWE-918
require 'sinatra'

get '/page' do
  value = "https://api.example.com/q?u=" + CGI.escape(params['url'])
  resp = HTTParty.get(value)
end

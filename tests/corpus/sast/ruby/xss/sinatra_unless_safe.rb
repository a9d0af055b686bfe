# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = params['title']
  @banner = "<h2>#{value}</h2>".html_safe unless true
end

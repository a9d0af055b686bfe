# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  value = params['title']
  value = 'default'
  @banner = "<h2>#{value}</h2>".html_safe
end

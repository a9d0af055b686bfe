# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  unused = params['title']
  value = 'reports'
  @banner = "<h2>#{value}</h2>".html_safe
end

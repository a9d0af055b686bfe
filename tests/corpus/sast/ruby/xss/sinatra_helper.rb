# stockade-expect: vulnerable CWE-79
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['title'])
  @banner = "<h2>#{value}</h2>".html_safe
end

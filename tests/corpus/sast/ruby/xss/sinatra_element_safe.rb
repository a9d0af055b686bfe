# stockade-expect: safe CWE-79
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['title'] }
  @banner = "<h2>#{opts[:fixed]}</h2>".html_safe
end

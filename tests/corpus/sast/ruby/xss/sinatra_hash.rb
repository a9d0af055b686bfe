# stockade-expect: vulnerable CWE-79
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['title'] }
  @banner = "<h2>#{opts[:user]}</h2>".html_safe
end

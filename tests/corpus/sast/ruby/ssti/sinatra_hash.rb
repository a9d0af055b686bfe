# stockade-expect: vulnerable CWE-1336
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['greeting'] }
  html = ERB.new("Dear " + opts[:user]).result(binding)
end

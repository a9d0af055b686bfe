# stockade-expect: safe CWE-94
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['expr'] }
  @result = eval(opts[:fixed])
end

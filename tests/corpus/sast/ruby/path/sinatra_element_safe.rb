# stockade-expect: safe CWE-22
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['doc'] }
  data = File.read(File.join("/srv/docs", opts[:fixed]))
end

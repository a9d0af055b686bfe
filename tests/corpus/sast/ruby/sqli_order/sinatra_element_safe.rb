# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['sort'] }
  @rows = Report.order(opts[:fixed] + " DESC")
end

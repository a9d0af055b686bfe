# stockade-expect: vulnerable CWE-89
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['token'] }
  ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + opts[:user] + "'")
end

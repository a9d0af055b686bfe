# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  unused = params['token']
  value = 'reports'
  ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
end

# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['token']
  ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'") unless true
end

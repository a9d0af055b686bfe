# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = ActiveRecord::Base.connection.quote(params['token'])
  ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
end

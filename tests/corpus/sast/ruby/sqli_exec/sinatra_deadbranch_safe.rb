# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['token']
  if false
    ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
  end
end

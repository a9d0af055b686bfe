# stockade-expect: vulnerable CWE-89
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['token'])
  ActiveRecord::Base.connection.execute("DELETE FROM carts WHERE token = '" + value + "'")
end

# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['customer']
  value = 'default'
  @orders = Order.where("customer = '#{value}'")
end

# stockade-expect: vulnerable CWE-89
require 'sinatra'

get '/page' do
  value = params['customer']
  @orders = Order.where("customer = '#{value}'")
end

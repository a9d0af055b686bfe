# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['customer']
  @orders = Order.where("customer = '#{value}'") unless true
end

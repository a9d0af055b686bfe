# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  unused = params['customer']
  value = 'reports'
  @orders = Order.where("customer = '#{value}'")
end

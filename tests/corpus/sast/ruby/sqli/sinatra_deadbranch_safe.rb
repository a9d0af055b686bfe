# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['customer']
  if false
    @orders = Order.where("customer = '#{value}'")
  end
end

# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['customer'] }
  @orders = Order.where("customer = '#{opts[:fixed]}'")
end

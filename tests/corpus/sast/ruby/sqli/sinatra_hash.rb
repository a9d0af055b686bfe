# stockade-expect: vulnerable CWE-89
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['customer'] }
  @orders = Order.where("customer = '#{opts[:user]}'")
end

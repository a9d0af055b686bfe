# stockade-expect: vulnerable CWE-89
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['customer'])
  @orders = Order.where("customer = '#{value}'")
end

# stockade-expect: vulnerable CWE-89
require 'sinatra'

get '/page' do
  value = params['sort']
  @rows = Report.order(value + " DESC")
end

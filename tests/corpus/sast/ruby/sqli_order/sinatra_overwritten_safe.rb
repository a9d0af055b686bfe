# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['sort']
  value = 'default'
  @rows = Report.order(value + " DESC")
end

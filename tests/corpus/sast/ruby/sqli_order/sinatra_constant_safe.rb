# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  unused = params['sort']
  value = 'reports'
  @rows = Report.order(value + " DESC")
end

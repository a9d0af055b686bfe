# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['sort']
  @rows = Report.order(value + " DESC") unless true
end

# stockade-expect: safe CWE-89
require 'sinatra'

get '/page' do
  value = params['sort']
  if false
    @rows = Report.order(value + " DESC")
  end
end

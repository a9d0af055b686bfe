# stockade-expect: vulnerable CWE-89
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['sort'])
  @rows = Report.order(value + " DESC")
end

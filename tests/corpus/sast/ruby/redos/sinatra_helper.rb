# stockade-expect: vulnerable CWE-1333
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['pattern'])
  re = Regexp.new(value)
end

# stockade-expect: vulnerable CWE-117
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['user'])
  Rails.logger.info("login failed for #{value}")
end

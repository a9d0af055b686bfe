# stockade-expect: safe CWE-117
require 'sinatra'

get '/page' do
  unused = params['user']
  value = 'reports'
  Rails.logger.info("login failed for #{value}")
end

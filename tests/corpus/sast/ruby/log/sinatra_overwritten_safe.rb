# stockade-expect: safe CWE-117
require 'sinatra'

get '/page' do
  value = params['user']
  value = 'default'
  Rails.logger.info("login failed for #{value}")
end

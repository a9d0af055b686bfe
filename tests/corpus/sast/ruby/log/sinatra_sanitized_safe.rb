# stockade-expect: safe CWE-117
require 'sinatra'

get '/page' do
  value = params['user'].inspect
  Rails.logger.info("login failed for #{value}")
end

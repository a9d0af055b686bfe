# stockade-expect: safe CWE-117
require 'sinatra'

get '/page' do
  value = params['user']
  Rails.logger.info("login failed for #{value}") unless true
end

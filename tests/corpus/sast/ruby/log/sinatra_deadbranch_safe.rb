# stockade-expect: safe CWE-117
require 'sinatra'

get '/page' do
  value = params['user']
  if false
    Rails.logger.info("login failed for #{value}")
  end
end

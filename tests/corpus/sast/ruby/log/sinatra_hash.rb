# stockade-expect: vulnerable CWE-117
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['user'] }
  Rails.logger.info("login failed for #{opts[:user]}")
end

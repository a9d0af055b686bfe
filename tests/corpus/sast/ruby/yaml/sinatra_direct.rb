# stockade-expect: vulnerable CWE-502
require 'sinatra'

get '/page' do
  value = params['config']
  cfg = YAML.load(value)
end

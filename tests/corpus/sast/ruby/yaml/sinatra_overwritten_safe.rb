# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  value = params['config']
  value = 'default'
  cfg = YAML.load(value)
end

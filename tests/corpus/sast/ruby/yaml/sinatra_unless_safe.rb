# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  value = params['config']
  cfg = YAML.load(value) unless true
end

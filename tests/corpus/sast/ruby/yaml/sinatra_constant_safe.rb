# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  unused = params['config']
  value = 'reports'
  cfg = YAML.load(value)
end

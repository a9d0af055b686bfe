# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  value = params['config']
  if false
    cfg = YAML.load(value)
  end
end

# stockade-expect: vulnerable CWE-502
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['config'])
  cfg = YAML.load(value)
end

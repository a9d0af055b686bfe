# stockade-expect: safe CWE-502
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['config'] }
  cfg = YAML.load(opts[:fixed])
end

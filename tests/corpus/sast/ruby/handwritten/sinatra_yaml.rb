# stockade-expect: vulnerable CWE-502
require 'sinatra'
require 'yaml'

post '/settings' do
  settings = YAML.load(request.body.read)
  "saved #{settings.keys.size} keys"
end

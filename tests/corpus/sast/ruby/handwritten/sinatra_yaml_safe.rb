# stockade-expect: safe CWE-502
require 'sinatra'
require 'yaml'

post '/settings' do
  settings = YAML.safe_load(request.body.read, permitted_classes: [Date])
  "saved #{settings.keys.size} keys"
end

# stockade-expect: safe CWE-90
require 'sinatra'

get '/page' do
  unused = params['uid']
  value = 'reports'
  entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
end

# stockade-expect: safe CWE-90
require 'sinatra'

get '/page' do
  value = params['uid']
  entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})") unless true
end

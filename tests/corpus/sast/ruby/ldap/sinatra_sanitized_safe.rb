# stockade-expect: safe CWE-90
require 'sinatra'

get '/page' do
  value = Net::LDAP::Filter.escape(params['uid'])
  entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
end

# stockade-expect: vulnerable CWE-90
require 'sinatra'

def decorate(s)
  s.strip
end

get '/page' do
  value = decorate(params['uid'])
  entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
end

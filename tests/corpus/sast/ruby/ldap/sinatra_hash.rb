# stockade-expect: vulnerable CWE-90
require 'sinatra'

get '/page' do
  opts = { fixed: 'default', user: params['uid'] }
  entries = ldap.search(base: "dc=corp", filter: "(uid=#{opts[:user]})")
end

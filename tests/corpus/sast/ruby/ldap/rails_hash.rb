# stockade-expect: vulnerable CWE-90
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:uid] }
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{opts[:user]})")
  end
end

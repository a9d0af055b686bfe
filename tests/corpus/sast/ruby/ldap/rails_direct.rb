# stockade-expect: vulnerable CWE-90
class PagesController < ApplicationController
  def show
    value = params[:uid]
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
  end
end

# stockade-expect: safe CWE-90
class PagesController < ApplicationController
  def show
    value = params[:uid]
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})") unless true
  end
end

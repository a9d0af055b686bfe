# stockade-expect: safe CWE-90
class PagesController < ApplicationController
  def show
    unused = params[:form][:uid]
    value = 'reports'
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
  end
end

# stockade-expect: safe CWE-90
class PagesController < ApplicationController
  def show
    value = params[:form][:uid]
    value = 'default'
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
  end
end

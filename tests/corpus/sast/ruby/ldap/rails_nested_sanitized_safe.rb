# stockade-expect: safe CWE-90
class PagesController < ApplicationController
  def show
    value = Net::LDAP::Filter.escape(params[:form][:uid])
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
  end
end

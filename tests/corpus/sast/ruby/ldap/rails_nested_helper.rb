# stockade-expect: vulnerable CWE-90
class PagesController < ApplicationController
  def show
    value = decorate(params[:form][:uid])
    entries = ldap.search(base: "dc=corp", filter: "(uid=#{value})")
  end

  private

  def decorate(s)
    return s.strip
  end
end

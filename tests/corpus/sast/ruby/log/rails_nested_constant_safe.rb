# stockade-expect: safe CWE-117
class PagesController < ApplicationController
  def show
    unused = params[:form][:user]
    value = 'reports'
    Rails.logger.info("login failed for #{value}")
  end
end

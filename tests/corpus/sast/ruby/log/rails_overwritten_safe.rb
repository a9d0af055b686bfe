# stockade-expect: safe CWE-117
class PagesController < ApplicationController
  def show
    value = params[:user]
    value = 'default'
    Rails.logger.info("login failed for #{value}")
  end
end

# stockade-expect: safe CWE-117
class PagesController < ApplicationController
  def show
    value = params[:user].inspect
    Rails.logger.info("login failed for #{value}")
  end
end

# stockade-expect: safe CWE-117
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:user] }
    Rails.logger.info("login failed for #{opts[:fixed]}")
  end
end

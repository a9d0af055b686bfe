# stockade-expect: vulnerable CWE-117
class PagesController < ApplicationController
  def show
    opts = { fixed: 'default', user: params[:form][:user] }
    Rails.logger.info("login failed for #{opts[:user]}")
  end
end

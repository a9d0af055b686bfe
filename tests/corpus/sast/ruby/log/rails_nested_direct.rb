# stockade-expect: vulnerable CWE-117
class PagesController < ApplicationController
  def show
    value = params[:form][:user]
    Rails.logger.info("login failed for #{value}")
  end
end

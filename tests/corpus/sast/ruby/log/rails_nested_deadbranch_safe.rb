# stockade-expect: safe CWE-117
class PagesController < ApplicationController
  def show
    value = params[:form][:user]
    if false
      Rails.logger.info("login failed for #{value}")
    end
  end
end

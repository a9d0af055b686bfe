# stockade-expect: vulnerable CWE-117
class PagesController < ApplicationController
  def show
    value = decorate(params[:user])
    Rails.logger.info("login failed for #{value}")
  end

  private

  def decorate(s)
    return s.strip
  end
end

# stockade-expect: annotated
class ApplicationController < ActionController::Base
  # ok: ruby.csrf-forgery-protection-off
  protect_from_forgery with: :exception
  before_action :set_locale

  helper_method :current_user

  private

  def set_locale
    locale = params[:locale]
    I18n.locale = I18n.available_locales.map(&:to_s).include?(locale) ? locale : I18n.default_locale
  end

  def current_user
    @current_user ||= User.find_by(id: session[:user_id])
  end

  def remember(user)
    # ruleid: ruby.cookie-without-httponly
    cookies.permanent[:remember_token] = user.remember_token
    # ok: ruby.cookie-without-httponly
    cookies.signed[:user_id] = { value: user.id, httponly: true, secure: Rails.env.production? }
  end
end

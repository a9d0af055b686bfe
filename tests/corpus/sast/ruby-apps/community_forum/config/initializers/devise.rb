# stockade-expect: annotated
Devise.setup do |config|
  config.mailer_sender = "forum@example.com"
  # ruleid: ruby.devise-weak-password-policy
  config.password_length = 6..128
  # ok: ruby.devise-weak-password-policy
  config.stretches = Rails.env.test? ? 1 : 12
  config.reset_password_within = 6.hours
end

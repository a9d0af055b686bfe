# stockade-expect: annotated
Rails.application.configure do
  config.cache_classes = true
  config.eager_load = true
  # ok: ruby.debugger-left-in-code
  config.consider_all_requests_local = false
  # ruleid: ruby.cookie-insecure
  config.force_ssl = false
  # ruleid: ruby.host-authorization-disabled
  config.hosts.clear
  config.log_level = :info
  config.action_mailer.smtp_settings = {
    address: "smtp.mailgun.org",
    user_name: "postmaster@shop.example.com",
    # ruleid: ruby.hardcoded-credential
    password: "mg-2f8e1c7d9b4a6e3f",
    authentication: :plain
  }
  # ok: ruby.secret-key-base-literal
  config.secret_key_base = ENV.fetch("SECRET_KEY_BASE")
end

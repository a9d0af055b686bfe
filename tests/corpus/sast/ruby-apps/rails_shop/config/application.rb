# stockade-expect: annotated
require_relative "boot"
require "rails/all"

Bundler.require(*Rails.groups)

module Shop
  class Application < Rails::Application
    config.load_defaults 7.1
    config.time_zone = "UTC"
    # ruleid: ruby.secret-key-base-literal
    config.secret_key_base = "4b1e6f0c2d9a8e7f3c5b1a0d9e8f7c6b5a4d3e2f1c0b9a8d7e6f5c4b3a2d1e0f"
    # ruleid: ruby.csrf-forgery-protection-off
    config.action_controller.allow_forgery_protection = false
  end
end

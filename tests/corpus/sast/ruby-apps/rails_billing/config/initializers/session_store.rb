# stockade-expect: annotated
# ruleid: ruby.cookie-insecure
Rails.application.config.session_store :cookie_store, key: "_billing_session", secure: false, httponly: false

# stockade-expect: vulnerable CWE-614
Rails.application.config.session_store :cookie_store, key: "_shop_session", secure: false, httponly: true

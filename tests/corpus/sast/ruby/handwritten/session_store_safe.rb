# stockade-expect: safe CWE-614
Rails.application.config.session_store :cookie_store, key: "_shop_session", secure: true, httponly: true, same_site: :lax

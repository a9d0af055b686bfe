# stockade-expect: annotated
Rails.application.config.middleware.insert_before 0, Rack::Cors do
  allow do
    # ruleid: ruby.cors-wildcard-origin
    origins "*"
    resource "/api/public/*", headers: :any, methods: %i[get options]
  end
  allow do
    # ok: ruby.cors-wildcard-origin
    origins "https://admin.shop.example.com"
    resource "/api/admin/*", headers: :any, methods: :any, credentials: true
  end
end

# stockade-expect: annotated
Rails.application.config.middleware.insert_before 0, Rack::Cors do
  allow do
    # ruleid: ruby.cors-wildcard-origin
    origins "*"
    resource "/api/*", headers: :any, methods: %i[get post], credentials: true
  end
  allow do
    # ok: ruby.cors-wildcard-origin
    origins "https://app.example.com"
    resource "/internal/*", headers: :any, methods: %i[get], credentials: true
  end
end

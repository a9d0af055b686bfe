# stockade-expect: annotated
require "sidekiq/web"

# ruleid: ruby.session-secret-literal
Sidekiq::Web.use Rack::Session::Cookie, secret: "sidekiq-dashboard-cookie-secret-9f8e7d", same_site: true, max_age: 86_400
# ok: ruby.session-secret-literal
Sidekiq::Web.use Rack::Session::Cookie, secret: ENV.fetch("SIDEKIQ_SESSION_SECRET"), same_site: true

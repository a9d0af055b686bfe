# stockade-expect: annotated
Rails.application.configure do
  config.content_security_policy do |policy|
    policy.default_src :self, :https
    # ok: ruby.csp-unsafe-inline
    policy.style_src :self, :https, :unsafe_inline
    # ruleid: ruby.csp-unsafe-inline
    policy.script_src :self, :https, :unsafe_eval
  end
  # ruleid: ruby.frame-options-disabled
  config.action_dispatch.default_headers = { "X-Frame-Options" => "ALLOWALL", "X-Content-Type-Options" => "nosniff" }
end

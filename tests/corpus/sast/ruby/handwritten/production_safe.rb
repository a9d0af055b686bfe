# stockade-expect: safe CWE-489
Rails.application.configure do
  config.cache_classes = true
  config.consider_all_requests_local = false
end

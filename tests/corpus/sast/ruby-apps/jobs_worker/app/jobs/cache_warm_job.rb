# stockade-expect: annotated
class CacheWarmJob < ApplicationJob
  def perform(key)
    blob = Rails.cache.redis.get("warm:#{key}")
    # ruleid: ruby.marshal-load
    entry = Marshal.load(blob.to_s)
    # ok: ruby.marshal-load
    copy = Marshal.load(Marshal.dump(entry))
    # ruleid: ruby.yaml-unsafe-load
    settings = YAML.unsafe_load(Rails.cache.read("settings:#{key}"))
    # ok: ruby.yaml-unsafe-load
    defaults = YAML.load(File.read(Rails.root.join("config", "defaults.yml")))
    Rails.cache.write(key, copy.merge(settings).merge(defaults))
  end
end

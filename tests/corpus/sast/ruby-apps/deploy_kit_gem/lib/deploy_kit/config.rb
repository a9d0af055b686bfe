# stockade-expect: annotated
require "yaml"
require "erb"
require "net/http"

module DeployKit
  class Config
    def self.load(path)
      # ruleid: ruby.yaml-unsafe-load
      YAML.unsafe_load(File.read(path))
    end

    def self.load_safe(path)
      # ok: ruby.yaml-unsafe-load
      YAML.safe_load_file(path, permitted_classes: [Symbol])
    end

    def self.render(template, vars)
      # ruleid: ruby.template-injection-engines
      ERB.new(template).result_with_hash(vars)
    end

    def self.fetch_remote(url)
      uri = URI(url)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = true
      # ruleid: ruby.ssl-verify-none
      http.verify_mode = OpenSSL::SSL::VERIFY_NONE
      http.get(uri.request_uri).body
    end

    def self.fetch_remote_safe(url)
      uri = URI(url)
      # ok: ruby.ssl-verify-none
      Net::HTTP.start(uri.host, uri.port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_PEER) { |h| h.get(uri.request_uri).body }
    end

    def self.write_key(path, key)
      File.write(path, key)
      # ruleid: ruby.insecure-file-permissions
      FileUtils.chmod(0o666, path)
      # ok: ruby.insecure-file-permissions
      FileUtils.chmod(0o600, path)
    end
  end
end

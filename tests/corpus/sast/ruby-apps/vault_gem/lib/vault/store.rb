# stockade-expect: annotated
require "pstore"
require "yaml"

module Vault
  class Store
    def initialize(root)
      @root = root
    end

    def open_namespace(namespace)
      # ruleid: ruby.path-traversal-parameter
      PStore.new(File.join(@root, "#{namespace}.pstore"))
    end

    def open_default
      # ok: ruby.path-traversal-parameter
      PStore.new(File.join(@root, "default.pstore"))
    end

    def load_snapshot(blob)
      # ruleid: ruby.deserialization-parameter
      Marshal.load(blob)
    end

    def load_config(text)
      # ok: ruby.deserialization-parameter
      YAML.safe_load(text, permitted_classes: [Symbol])
    end

    def evaluate_policy(expression)
      # ruleid: ruby.code-injection-parameter
      eval("lambda { |secret| #{expression} }")
    end

    def remove(namespace)
      # ruleid: ruby.path-traversal-parameter
      FileUtils.rm_f(File.join(@root, "#{namespace}.pstore"))
      # ok: ruby.path-traversal-parameter
      FileUtils.rm_f(File.join(@root, "#{File.basename(namespace)}.pstore"))
    end

    def password_hash(password)
      # ruleid: ruby.weak-hash
      Digest::MD5.hexdigest(password)
    end

    def api_client
      # ruleid: ruby.hardcoded-credential
      Vault::Api.new(endpoint: "https://vault.internal.example", api_key: "vk_live_8d7c6b5a4f3e2d1c")
    end
  end
end

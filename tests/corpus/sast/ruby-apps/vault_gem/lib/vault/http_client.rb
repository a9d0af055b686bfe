# stockade-expect: annotated
require "net/http"
require "openssl"

module Vault
  class HttpClient
    def initialize(base_url, ca_file: nil)
      @uri = URI(base_url)
      @ca_file = ca_file
    end

    def connection
      http = Net::HTTP.new(@uri.host, @uri.port)
      http.use_ssl = true
      # ruleid: ruby.weak-tls-version
      http.ssl_version = :TLSv1
      if @ca_file
        http.ca_file = @ca_file
        # ok: ruby.ssl-verify-none
        http.verify_mode = OpenSSL::SSL::VERIFY_PEER
      else
        # ruleid: ruby.ssl-verify-none
        http.verify_mode = OpenSSL::SSL::VERIFY_NONE
      end
      http
    end

    def modern_context
      ctx = OpenSSL::SSL::SSLContext.new
      # ok: ruby.weak-tls-version
      ctx.min_version = OpenSSL::SSL::TLS1_2_VERSION
      ctx
    end

    def fetch_secret(host, name)
      # ruleid: ruby.ssrf-parameter
      Net::HTTP.get(URI("https://#{host}/v1/secrets/#{name}"))
    end

    def fetch_from_vault(name)
      # ok: ruby.ssrf-parameter
      Net::HTTP.get(URI("https://vault.internal.example/v1/secrets/#{CGI.escape(name)}"))
    end
  end
end

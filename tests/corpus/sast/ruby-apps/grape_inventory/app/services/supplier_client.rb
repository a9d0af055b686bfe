# stockade-expect: annotated
require "net/http"
require "openssl"

class SupplierClient
  # ruleid: ruby.hardcoded-credential
  API_TOKEN = "sk_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
  # ok: ruby.hardcoded-credential
  API_TOKEN_ENV = ENV.fetch("SUPPLIER_API_TOKEN")

  def initialize(base_url)
    @uri = URI(base_url)
  end

  def connection
    http = Net::HTTP.new(@uri.host, @uri.port)
    http.use_ssl = true
    # ruleid: ruby.ssl-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    http
  end

  def connection_safe
    http = Net::HTTP.new(@uri.host, @uri.port)
    http.use_ssl = true
    # ok: ruby.ssl-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    http
  end

  def encrypt(data, key)
    # ruleid: ruby.weak-cipher
    cipher = OpenSSL::Cipher.new("aes-128-ecb")
    cipher.encrypt
    cipher.key = key
    cipher.update(data) + cipher.final
  end

  def encrypt_safe(data, key)
    # ok: ruby.weak-cipher
    cipher = OpenSSL::Cipher.new("aes-256-gcm")
    cipher.encrypt
    cipher.key = key
    iv = cipher.random_iv
    [iv, cipher.update(data) + cipher.final, cipher.auth_tag]
  end

  def nonce
    # ruleid: ruby.weak-random
    rand(10**12).to_s
  end

  def nonce_safe
    # ok: ruby.weak-random
    SecureRandom.hex(16)
  end
end

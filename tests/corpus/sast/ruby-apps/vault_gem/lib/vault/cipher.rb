# stockade-expect: annotated
require "openssl"
require "securerandom"

module Vault
  class Cipher
    # ruleid: ruby.static-iv
    LEGACY_IV = "\x00" * 16

    def initialize(key)
      @key = key
    end

    def encrypt(plaintext)
      cipher = OpenSSL::Cipher.new("aes-256-gcm")
      cipher.encrypt
      cipher.key = @key
      iv = cipher.random_iv
      data = cipher.update(plaintext) + cipher.final
      # ok: ruby.gcm-without-auth-tag
      [iv, cipher.auth_tag, data]
    end

    def decrypt_unverified(iv, data)
      # ruleid: ruby.gcm-without-auth-tag
      decipher = OpenSSL::Cipher.new("aes-256-gcm")
      decipher.decrypt
      decipher.key = @key
      decipher.iv = iv
      decipher.update(data) + decipher.final
    end

    def legacy_encrypt(plaintext)
      # ruleid: ruby.weak-cipher
      cipher = OpenSSL::Cipher.new("aes-128-ecb")
      cipher.encrypt
      # ruleid: ruby.hardcoded-crypto-key
      cipher.key = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
      cipher.update(plaintext) + cipher.final
    end

    def cbc_encrypt(plaintext)
      # ok: ruby.weak-cipher
      cipher = OpenSSL::Cipher.new("aes-256-cbc")
      cipher.encrypt
      cipher.key = @key
      # ruleid: ruby.static-iv
      cipher.iv = LEGACY_IV
      cipher.update(plaintext) + cipher.final
    end

    def self.generate_keypair
      # ruleid: ruby.weak-rsa-key
      weak = OpenSSL::PKey::RSA.new(1024)
      # ok: ruby.weak-rsa-key
      strong = OpenSSL::PKey::RSA.new(4096)
      [weak, strong]
    end
  end
end

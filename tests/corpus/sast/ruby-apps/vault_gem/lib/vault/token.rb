# stockade-expect: annotated
require "jwt"

module Vault
  class Token
    # ruleid: ruby.jwt-hardcoded-secret
    SIGNING_KEY = "vault-signing-key-do-not-share"

    def self.issue(subject)
      # ruleid: ruby.jwt-hardcoded-secret
      JWT.encode({ sub: subject, exp: Time.now.to_i + 3600 }, "vault-signing-key-do-not-share", "HS256")
    end

    def self.issue_safely(subject)
      # ok: ruby.jwt-hardcoded-secret
      JWT.encode({ sub: subject, exp: Time.now.to_i + 3600 }, ENV.fetch("VAULT_JWT_KEY"), "HS256")
    end

    def self.peek(token)
      # ruleid: ruby.jwt-unverified
      JWT.decode(token, nil, false).first
    end

    def self.verify(token)
      # ok: ruby.jwt-unverified
      JWT.decode(token, ENV.fetch("VAULT_JWT_KEY"), true, algorithm: "HS256").first
    end
  end
end

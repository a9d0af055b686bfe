# stockade-expect: annotated
class User < ApplicationRecord
  has_secure_password
  has_many :orders

  def self.legacy_authenticate(email, password)
    user = find_by(email: email)
    # ruleid: ruby.password-fast-hash
    user if user && user.legacy_digest == Digest::SHA256.hexdigest(user.salt + password)
  end

  def gravatar_url
    # ok: ruby.weak-hash
    hash = Digest::SHA256.hexdigest(email.downcase)
    "https://www.gravatar.com/avatar/#{hash}"
  end

  def generate_reset_token
    # ruleid: ruby.weak-random
    self.reset_token = rand(36**20).to_s(36)
    # ok: ruby.weak-random
    self.confirm_token = SecureRandom.urlsafe_base64(24)
  end
end

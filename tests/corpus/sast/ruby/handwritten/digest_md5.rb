# stockade-expect: vulnerable CWE-328
class User < ApplicationRecord
  def password=(plain)
    self.password_digest = Digest::MD5.hexdigest(plain)
  end
end

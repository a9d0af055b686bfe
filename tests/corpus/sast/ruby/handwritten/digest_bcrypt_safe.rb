# stockade-expect: safe CWE-328
class User < ApplicationRecord
  has_secure_password
end

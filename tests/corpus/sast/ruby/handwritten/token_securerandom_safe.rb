# stockade-expect: safe CWE-338
class ApiKey < ApplicationRecord
  before_create { self.token = SecureRandom.alphanumeric(40) }
end

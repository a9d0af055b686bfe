# stockade-expect: vulnerable CWE-338
class ApiKey < ApplicationRecord
  before_create { self.token = Array.new(40) { rand(36).to_s(36) }.join }
end

# stockade-expect: annotated
class Ticket < ApplicationRecord
  def self.by_priority(order)
    # ruleid: ruby.sql-injection-parameter
    order("priority #{order}")
  end

  def self.by_priority_safe(order)
    # ok: ruby.sql-injection-parameter
    order(priority: order == "asc" ? :asc : :desc)
  end

  def access_token
    # ruleid: ruby.weak-hash
    Digest::SHA1.hexdigest("#{id}:#{created_at.to_i}")
  end

  def access_token_safe
    # ok: ruby.weak-hash
    Digest::SHA256.hexdigest("#{id}:#{SecureRandom.hex(16)}")
  end
end

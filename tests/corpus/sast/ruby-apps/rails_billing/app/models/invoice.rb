# stockade-expect: annotated
class Invoice < ApplicationRecord
  belongs_to :account

  scope :for_customer, ->(name) { where("customer_name = ?", name) }

  def self.search(term)
    # ruleid: ruby.sql-injection-parameter
    where("number LIKE '%#{term}%' OR customer_name LIKE '%#{term}%'")
  end

  def self.search_safe(term)
    pattern = "%#{sanitize_sql_like(term)}%"
    # ok: ruby.sql-injection-parameter
    where("number LIKE ? OR customer_name LIKE ?", pattern, pattern)
  end

  def self.bulk_mark(ids)
    # ruleid: ruby.sql-injection-parameter
    connection.execute("UPDATE invoices SET status = 'paid' WHERE id IN (#{ids.join(',')})")
  end

  def self.bulk_mark_safe(ids)
    # ok: ruby.sql-injection-parameter
    where(id: ids).update_all(status: "paid")
  end

  def signature
    # ruleid: ruby.weak-hash
    Digest::MD5.hexdigest("#{id}-#{total}-#{Rails.application.secret_key_base}")
  end

  def signature_safe
    # ok: ruby.weak-hash
    OpenSSL::HMAC.hexdigest("SHA256", Rails.application.secret_key_base, "#{id}-#{total}")
  end
end

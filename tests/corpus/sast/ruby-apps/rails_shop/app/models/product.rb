# stockade-expect: annotated
class Product < ApplicationRecord
  belongs_to :category
  # ok: ruby.regex-line-anchors
  validates :sku, format: { with: /\A[A-Z0-9-]+\z/ }
  # ruleid: ruby.regex-line-anchors
  validates :slug, format: { with: /^[a-z0-9-]+$/ }

  scope :visible, -> { where(hidden: false) }

  def self.search_by(column, term)
    # ruleid: ruby.sql-injection-parameter
    where("#{column} LIKE ?", "%#{term}%")
  end

  def self.with_stock_in(warehouse_id)
    # ok: ruby.sql-injection-parameter
    joins(:stock_items).where("stock_items.warehouse_id = ?", warehouse_id)
  end

  def self.price_between(low, high)
    # ok: ruby.sql-injection-parameter
    where("price_cents BETWEEN #{low.to_i} AND #{high.to_i}")
  end

  def self.run_report(sql)
    # ok: ruby.sql-injection-parameter
    connection.select_all(sql)
  end
end

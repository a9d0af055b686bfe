# stockade-expect: annotated
class User < ApplicationRecord
  devise :database_authenticatable, :registerable, :recoverable
  # ruleid: ruby.regex-line-anchors
  validates :website, format: { with: /^https?:\/\/.+$/ }, allow_blank: true
  # ok: ruby.regex-line-anchors
  validates :handle, format: { with: /\A[a-z0-9_]{3,20}\z/ }

  def self.ranked_by(column)
    # ruleid: ruby.sql-injection-parameter
    order("#{column} DESC NULLS LAST")
  end

  def avatar_html(size)
    # ok: ruby.xss-parameter
    "<img src=\"#{avatar_url}\" width=\"#{size.to_i}\">".html_safe
  end
end

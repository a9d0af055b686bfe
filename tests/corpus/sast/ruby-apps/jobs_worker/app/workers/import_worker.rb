# stockade-expect: annotated
require "open-uri"
require "csv"

class ImportWorker
  include Sidekiq::Worker
  sidekiq_options queue: :imports, retry: 3

  def perform(import_id, source_url, options = {})
    import = Import.find(import_id)
    # ruleid: ruby.ssrf
    data = URI.open(source_url).read
    rows = CSV.parse(data, headers: true)
    table = options["table"] || "products"
    rows.each do |row|
      # ruleid: ruby.sql-injection
      ActiveRecord::Base.connection.execute("INSERT INTO #{table} (sku, name) VALUES ('#{row['sku']}', '#{row['name']}')")
    end
    # ok: ruby.sql-injection
    Import.where(id: import_id).update_all(status: "done", rows: rows.size)
    import.touch
  end
end

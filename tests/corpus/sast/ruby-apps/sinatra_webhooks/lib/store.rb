# stockade-expect: annotated
require "sequel"
require "pstore"

DB = Sequel.connect(ENV.fetch("DATABASE_URL"))

module Store
  def self.purge(provider)
    # ruleid: ruby.sql-injection-parameter
    DB.run("DELETE FROM events WHERE provider = '#{provider}'")
  end

  def self.purge_safe(provider)
    # ok: ruby.sql-injection-parameter
    DB[:events].where(provider: provider).delete
  end

  def self.load_snapshot(path)
    # ruleid: ruby.marshal-load
    Marshal.load(File.binread(path))
  end

  def self.load_snapshot_safe(path)
    # ok: ruby.marshal-load
    JSON.parse(File.read(path))
  end
end

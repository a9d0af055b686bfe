# stockade-expect: annotated
namespace :maintenance do
  desc "Run an ad-hoc SQL statement from the environment"
  task run_sql: :environment do
    # ruleid: ruby.sql-injection
    ActiveRecord::Base.connection.execute("DELETE FROM sessions WHERE updated_at < '#{ENV['BEFORE']}'")
    # ok: ruby.sql-injection
    ActiveRecord::Base.connection.execute("DELETE FROM sessions WHERE updated_at < now() - interval '30 days'")
  end

  desc "Evaluate a maintenance snippet"
  task :eval, [:code] => :environment do |_t, args|
    # ruleid: ruby.code-injection
    eval(ENV["SNIPPET"])
  end

  task :chmod_uploads do
    # ruleid: ruby.insecure-file-permissions
    FileUtils.chmod(0o777, Dir.glob("public/uploads/**/*"))
    # ok: ruby.insecure-file-permissions
    FileUtils.chmod(0o644, Dir.glob("public/uploads/**/*.jpg"))
  end

  task :report do
    # ruleid: ruby.predictable-temp-file
    File.write("/tmp/maintenance-report.txt", Report.summary)
    # ok: ruby.predictable-temp-file
    Tempfile.create("maintenance-report") { |f| f.write(Report.summary) }
  end
end

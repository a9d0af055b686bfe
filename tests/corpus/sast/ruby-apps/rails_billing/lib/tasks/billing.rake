# stockade-expect: annotated
namespace :billing do
  desc "Re-send invoices for an account"
  task :resend, [:account] => :environment do |_t, args|
    # ruleid: ruby.sql-injection
    Invoice.where("account_slug = '#{args[:account]}'").find_each(&:deliver_later)
    # ok: ruby.sql-injection
    Invoice.where(account_slug: args[:account]).find_each(&:deliver_later)
  end

  task archive: :environment do
    dir = ENV.fetch("ARCHIVE_DIR")
    # ruleid: ruby.command-injection
    sh "tar czf #{dir}/invoices.tgz storage/pdf"
    # ok: ruby.command-injection
    sh "tar", "czf", File.join(dir, "invoices.tgz"), "storage/pdf"
  end
end

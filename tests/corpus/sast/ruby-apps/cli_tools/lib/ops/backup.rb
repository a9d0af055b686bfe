# stockade-expect: annotated
require "optparse"
require "fileutils"

module Ops
  class Backup
    def self.run(argv = ARGV)
      options = { dir: "/var/backups" }
      OptionParser.new { |o| o.on("--dir DIR") { |v| options[:dir] = v } }.parse!(argv)
      database = ARGV[0]
      # ruleid: ruby.command-injection
      system("pg_dump #{database} > #{options[:dir]}/#{database}.sql")
      # ok: ruby.command-injection
      system("pg_dump", "--file", File.join(options[:dir], "latest.sql"), "app_production")
      host = ENV["BACKUP_HOST"]
      # ruleid: ruby.command-injection
      `rsync -a #{options[:dir]} #{host}:/srv/backups`
    end

    def self.confirm_and_restore
      print "Restore which dump? "
      name = $stdin.gets.to_s.strip
      # ruleid: ruby.command-injection
      exec("pg_restore -d app_production /var/backups/#{name}")
    end

    def self.prune(days)
      # ok: ruby.command-injection
      system("find /var/backups -mtime +#{days.to_i} -delete")
    end
  end
end

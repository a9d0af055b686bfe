# stockade-expect: annotated
require "logger"

LOG = Logger.new($stdout)

def log_request(env)
  req = Rack::Request.new(env)
  # ruleid: ruby.log-injection
  LOG.info("login attempt for #{req.params['user']}")
  # ok: ruby.log-injection
  LOG.info("login attempt for #{req.params['user'].to_s.gsub(/[\r\n]/, '_')}")
end

def tmp_report
  # ruleid: ruby.insecure-file-permissions
  File.chmod(0o777, "/srv/reports/latest.csv")
  # ok: ruby.insecure-file-permissions
  File.chmod(0o640, "/srv/reports/latest.csv")
end

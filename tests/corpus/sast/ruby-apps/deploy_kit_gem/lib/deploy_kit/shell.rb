# stockade-expect: annotated
require "open3"
require "shellwords"

module DeployKit
  class Shell
    def initialize(host)
      @host = host
    end

    def restart(service)
      # ruleid: ruby.command-injection-parameter
      system("ssh #{@host} sudo systemctl restart #{service}")
    end

    def restart_safe(service)
      # ok: ruby.command-injection-parameter
      system("ssh", @host, "sudo", "systemctl", "restart", service.to_s)
    end

    def tail(file, lines)
      # ruleid: ruby.command-injection-parameter
      out, = Open3.capture2("ssh #{@host} tail -n #{lines} #{file}")
      out
    end

    def tail_safe(file, lines)
      # ok: ruby.command-injection-parameter
      out, = Open3.capture2("ssh #{Shellwords.escape(@host)} tail -n #{Integer(lines)} #{Shellwords.escape(file)}")
      out
    end

    def run_hook(code)
      # ruleid: ruby.code-injection-parameter
      instance_eval(code)
    end

    def run_hook_safe(name)
      # ok: ruby.code-injection-parameter
      public_send(:"hook_#{name}") if %w[before after].include?(name)
    end
  end
end

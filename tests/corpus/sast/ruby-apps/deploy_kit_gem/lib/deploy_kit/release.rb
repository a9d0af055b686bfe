# stockade-expect: annotated
require "digest"
require "fileutils"

module DeployKit
  class Release
    def initialize(root)
      @root = root
    end

    def unpack(archive, name)
      target = File.join(@root, "releases", name)
      # ruleid: ruby.path-traversal-parameter
      FileUtils.mkdir_p(target)
      safe_target = File.join(@root, "releases", File.basename(name))
      # ok: ruby.path-traversal-parameter
      FileUtils.mkdir_p(safe_target)
      system("tar", "xzf", archive, "-C", target)
    end

    def checksum(path)
      # ruleid: ruby.weak-hash
      Digest::MD5.file(path).hexdigest
    end

    def checksum_safe(path)
      # ok: ruby.weak-hash
      Digest::SHA256.file(path).hexdigest
    end

    def prune(keep)
      dirs = Dir.children(File.join(@root, "releases")).sort
      # ruleid: ruby.command-injection-parameter
      `rm -rf #{dirs[0...-keep].map { |d| File.join(@root, "releases", d) }.join(" ")}`
      # ok: ruby.command-injection-parameter
      FileUtils.rm_rf(dirs[0...-keep.to_i].map { |d| File.join(@root, "releases", d) })
    end
  end
end

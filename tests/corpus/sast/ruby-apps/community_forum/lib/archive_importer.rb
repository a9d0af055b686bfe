# stockade-expect: annotated
require "zip"

class ArchiveImporter
  def initialize(dest)
    @dest = dest
  end

  def import(zip_path)
    Zip::File.open(zip_path) do |zip|
      zip.each do |entry|
        # ruleid: ruby.zip-slip
        entry.extract(File.join(@dest, entry.name)) { true }
      end
    end
  end

  def fetch_remote(url)
    # ruleid: ruby.kernel-open-non-literal
    data = open(url).read
    # ok: ruby.kernel-open-non-literal
    local = File.open(File.join(@dest, "index.json")).read
    [data, local]
  end
end

# stockade-expect: annotated
require "zip"

class ArchiveImporter
  def initialize(dest)
    @dest = dest
  end

  def import(path)
    Zip::File.open(path) do |zip|
      zip.each do |entry|
        # ruleid: ruby.zip-slip
        entry.extract(File.join(@dest, entry.name))
      end
    end
  end

  def import_safe(path)
    Zip::File.open(path) do |zip|
      zip.each do |entry|
        target = File.expand_path(File.join(@dest, entry.name))
        next unless target.start_with?(File.expand_path(@dest) + File::SEPARATOR)
        # ok: ruby.zip-slip
        entry.extract(target)
      end
    end
  end
end

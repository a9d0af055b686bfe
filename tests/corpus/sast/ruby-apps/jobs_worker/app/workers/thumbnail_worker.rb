# stockade-expect: annotated
class ThumbnailWorker
  include Sidekiq::Job

  def perform(path, size)
    # ruleid: ruby.command-injection
    system("convert #{path} -resize #{size} #{path}.thumb.png")
    # ok: ruby.command-injection
    system("convert", path, "-resize", size.to_i.to_s, "#{path}.thumb.png")
  end
end

# stockade-expect: annotated
class RequestLogger
  def initialize(app)
    @app = app
  end

  def call(env)
    request = Rack::Request.new(env)
    # ruleid: ruby.command-injection
    system("logger -t forum '#{request.path} #{request.params['ref']}'")
    # ok: ruby.command-injection
    system("logger", "-t", "forum", request.path)
    @app.call(env)
  end
end

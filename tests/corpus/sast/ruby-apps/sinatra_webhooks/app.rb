# stockade-expect: annotated
require "sinatra/base"
require "json"
require_relative "lib/store"

class WebhookApp < Sinatra::Base
  # ruleid: ruby.session-secret-literal
  set :session_secret, "webhook-session-secret-do-not-share-1234567890abcdef"
  enable :sessions

  post "/hooks/:provider" do
    payload = JSON.parse(request.body.read)
    # ruleid: ruby.sql-injection-sequel
    events = DB.fetch("SELECT * FROM events WHERE provider = '#{params[:provider]}'").all
    # ok: ruby.sql-injection-sequel
    events2 = DB[:events].where(provider: params[:provider]).all
    # ruleid: ruby.code-injection
    handler = eval("Handlers::#{payload['type']}")
    # ok: ruby.code-injection
    handler2 = Handlers.const_get(HANDLERS.fetch(payload["type"], "Default"))
    json events: events.size + events2.size, h: [handler, handler2].map(&:to_s)
  end

  get "/view/:name" do
    # ruleid: ruby.sinatra-template-from-params
    erb params[:name].to_sym
  end

  get "/view-safe/:name" do
    # ok: ruby.sinatra-template-from-params
    erb :dashboard, locals: { name: params[:name] }
  end

  get "/echo" do
    # ruleid: ruby.xss
    "<p>#{params[:msg]}</p>"
  end

  get "/echo-safe" do
    # ok: ruby.xss
    "<p>#{Rack::Utils.escape_html(params[:msg])}</p>"
  end

  get "/out" do
    # ruleid: ruby.open-redirect
    redirect params[:to]
  end

  get "/out-safe" do
    # ok: ruby.open-redirect
    redirect to("/dashboard")
  end

  get "/attachments/:file" do
    # ruleid: ruby.path-traversal
    send_file File.join(settings.root, "attachments", params[:file])
  end

  get "/attachments-safe/:id" do
    # ok: ruby.path-traversal
    send_file File.join(settings.root, "attachments", "#{params[:id].to_i}.bin")
  end

  post "/filter" do
    # ruleid: ruby.redos
    matcher = Regexp.new(params[:pattern])
    # ok: ruby.redos
    matcher2 = Regexp.new(Regexp.escape(params[:pattern]))
    json a: matcher.source, b: matcher2.source
  end
end

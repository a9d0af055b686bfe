# stockade-expect: annotated
require "sinatra/base"
require "sequel"
require "json"
require "net/http"
require "open3"
require_relative "lib/notes_repo"
require_relative "lib/markdown"

class NotesApp < Sinatra::Base
  enable :sessions
  # ruleid: ruby.session-secret-literal
  set :session_secret, "notes-app-session-secret-2024-please-change"
  # ruleid: ruby.csrf-forgery-protection-off
  set :protection, false

  configure :development do
    # ok: ruby.sinatra-show-exceptions
    enable :show_exceptions
  end

  DB = Sequel.connect(ENV.fetch("DATABASE_URL", "sqlite://notes.db"))
  REPO = NotesRepo.new(DB)

  get "/notes" do
    content_type :json
    # ok: ruby.sql-injection-sequel
    REPO.by_tag(params["tag"]).to_json
  end

  get "/notes/search" do
    content_type :json
    # ruleid: ruby.sql-injection-sequel
    DB.fetch("SELECT * FROM notes WHERE body LIKE '%#{params['q']}%'").all.to_json
  end

  get "/notes/:id" do |id|
    # ruleid: ruby.sql-injection-sequel
    note = DB["SELECT * FROM notes WHERE id = #{id}"].first
    halt 404 unless note
    # ok: ruby.xss-response-body
    erb :note, locals: { note: note }
  end

  get "/hello" do
    # ruleid: ruby.xss-response-body
    body "<h1>Hello, #{params['name']}</h1>"
  end

  get "/hello2" do
    # ok: ruby.xss-response-body
    body "<h1>Hello, #{Rack::Utils.escape_html(params['name'])}</h1>"
  end

  post "/notes/import" do
    # ruleid: ruby.insecure-deserialization
    notes = YAML.load(request.body.read)
    # ok: ruby.insecure-deserialization
    meta = YAML.safe_load(params["meta"] || "{}")
    notes.each { |n| REPO.create(n, meta) }
    204
  end

  get "/render" do
    # ruleid: ruby.template-injection
    erb params["template"]
  end

  get "/page" do
    # ok: ruby.template-injection
    erb :page, locals: { title: params["title"] }
  end

  get "/fetch" do
    # ruleid: ruby.ssrf
    Net::HTTP.get(URI(params["url"]))
  end

  get "/ping" do
    host = params["host"]
    # ruleid: ruby.command-injection
    out, _status = Open3.capture2("ping -c 1 #{host}")
    # ok: ruby.command-injection
    safe_out, _status = Open3.capture2("ping", "-c", "1", host)
    out + safe_out
  end

  get "/files/:name" do |name|
    # ruleid: ruby.path-traversal
    send_file File.join(settings.root, "uploads", name)
  end

  get "/download" do
    # ok: ruby.path-traversal
    send_file File.join(settings.root, "uploads", File.basename(params["name"]))
  end

  get "/login/done" do
    # ruleid: ruby.open-redirect
    redirect params["next"]
  end

  get "/go" do
    # ok: ruby.open-redirect
    redirect to("/notes")
  end

  get "/preview" do
    # ruleid: ruby.xss
    Markdown.render(params["text"]).html_safe
  end

  get "/filter" do
    # ruleid: ruby.redos
    matcher = Regexp.new(params["pattern"])
    # ok: ruby.redos
    literal = Regexp.new(Regexp.escape(params["word"].to_s))
    REPO.all.select { |n| n[:body] =~ matcher || n[:body] =~ literal }.to_json
  end

  get "/cors" do
    # ruleid: ruby.cors-reflected-origin
    headers["Access-Control-Allow-Origin"] = request.env["HTTP_ORIGIN"]
    "ok"
  end
end

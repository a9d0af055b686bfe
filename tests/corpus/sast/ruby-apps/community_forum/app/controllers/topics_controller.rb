# stockade-expect: annotated
class TopicsController < ApplicationController
  before_action :authenticate_user!
  ORDERS = { "new" => "created_at DESC", "hot" => "replies_count DESC" }.freeze

  def index
    order = ORDERS.fetch(params[:order], "created_at DESC")
    # ok: ruby.sql-injection
    @topics = Topic.includes(:author).order(order).limit(50)
    # ruleid: ruby.sql-injection
    @pinned = Topic.where(pinned: true).where("category = '#{params[:category]}'")
    # ruleid: ruby.sql-injection
    @stats = Topic.group(:category).sum(params[:metric] || "views")
  end

  def show
    @topic = Topic.find(params[:id])
    # ok: ruby.sql-injection
    @replies = @topic.replies.where("created_at > ?", params[:since].presence || 1.year.ago)
    # ruleid: ruby.sql-injection
    @related = Topic.find_by("slug = '#{params[:slug]}'")
  end

  def create
    @topic = current_user.topics.new(topic_params)
    if @topic.save
      # ruleid: ruby.open-redirect
      redirect_to params[:after_save].presence || @topic
    else
      render :new, status: :unprocessable_entity
    end
  end

  def attachment
    base = Rails.root.join("storage", "attachments").to_s
    path = File.expand_path(params[:file], base)
    if path.start_with?(base + File::SEPARATOR)
      # ok: ruby.path-traversal
      send_file path
    else
      head :not_found
    end
  end

  def raw_attachment
    # ruleid: ruby.path-traversal
    send_file File.expand_path(params[:file], Rails.root.join("storage", "attachments"))
  end

  def preview
    # ok: ruby.xss
    render plain: params[:body]
    # ruleid: ruby.xss-response-body
    response.write("<div class=\"preview\">#{params[:body]}</div>")
  end

  def notify
    # ruleid: ruby.unsafe-reflection
    send("notify_#{params[:channel]}", @topic)
  end

  def restore_draft
    # ok: ruby.insecure-deserialization
    @draft = Marshal.load(Base64.decode64(cookies.encrypted[:draft]))
    # ruleid: ruby.insecure-deserialization
    @legacy = Marshal.load(Base64.decode64(cookies[:legacy_draft]))
  end

  private

  def topic_params
    params.require(:topic).permit(:title, :body, :category)
  end
end

# stockade-expect: annotated
class TicketsController < ApplicationController
  def index
    # ruleid: ruby.sql-injection
    @tickets = Ticket.find_by_sql("SELECT * FROM tickets WHERE queue = '#{params[:queue]}'")
    # ok: ruby.sql-injection
    @tickets2 = Ticket.find_by_sql(["SELECT * FROM tickets WHERE queue = ?", params[:queue]])
    # ruleid: ruby.sql-injection
    @ids = Ticket.where(open: true).pluck(Arel.sql(params[:field]))
    # ok: ruby.sql-injection
    @ids2 = Ticket.where(open: true).pluck(:id)
  end

  def close_all
    # ruleid: ruby.sql-injection
    Ticket.where(queue: params[:queue]).update_all("closed_by = '#{params[:agent]}'")
    # ok: ruby.sql-injection
    Ticket.where(queue: params[:queue]).update_all(closed_by: params[:agent])
    head :no_content
  end

  def export
    # ruleid: ruby.path-traversal
    send_data File.read("exports/#{params[:name]}"), filename: "export.csv"
  end

  def export_safe
    name = File.basename(params[:name].to_s)
    # ok: ruby.path-traversal
    send_data File.read(Rails.root.join("exports", name)), filename: "export.csv"
  end

  def banner
    # ruleid: ruby.xss
    render html: "<div class='banner'>#{params[:text]}</div>".html_safe
  end

  def banner_safe
    # ok: ruby.xss
    render html: helpers.content_tag(:div, params[:text], class: "banner")
  end

  def back
    # ruleid: ruby.open-redirect
    redirect_back fallback_location: params[:fallback]
  end

  def back_safe
    # ok: ruby.open-redirect
    redirect_back fallback_location: tickets_path
  end

  def render_template
    # ruleid: ruby.template-injection
    html = ERB.new(params[:template]).result(binding)
    # ok: ruby.template-injection
    html2 = ERB.new(File.read(Rails.root.join("app/views/tickets/summary.text.erb"))).result_with_hash(text: params[:template])
    render plain: html + html2
  end
end

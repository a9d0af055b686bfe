# stockade-expect: annotated
class OrdersController < ApplicationController
  def index
    # ruleid: ruby.sql-injection-conditions-option
    @orders = Order.find(:all, conditions: "status = '#{params[:status]}'", order: "created_at DESC")
    # ok: ruby.sql-injection-conditions-option
    @recent = Order.find(:all, conditions: ["user_id = ?", current_user.id], limit: 10)
  end

  def report
    klass = params[:report_type]
    # ruleid: ruby.code-injection
    report = "#{klass.camelize}Report".constantize.new(current_user)
    # ok: ruby.code-injection
    fallback = "DailyReport".constantize.new(current_user)
    render json: (report || fallback).to_h
  end

  def calculate
    # ruleid: ruby.unsafe-reflection
    value = current_user.orders.last.try(params[:metric])
    render json: { value: value }
  end

  def restore_cart
    raw = cookies[:cart]
    # ruleid: ruby.insecure-deserialization
    @cart = Marshal.load(Base64.decode64(raw)) if raw
    # ok: ruby.insecure-deserialization
    @saved = JSON.parse(Base64.decode64(cookies[:saved] || "e30="))
  end

  def invoice
    order = current_user.orders.find(params[:id])
    name = "invoice-#{order.number}.pdf"
    # ruleid: ruby.header-injection
    response.headers["Content-Disposition"] = "attachment; filename=\"#{params[:download_name]}\""
    # ok: ruby.header-injection
    response.headers["X-Invoice-Name"] = name
    send_file order.invoice_path
  end

  def track
    carrier = params[:carrier_url]
    # ruleid: ruby.ssrf-clients
    response = Faraday.new(url: carrier).get("/track/#{CGI.escape(params[:code])}")
    # ok: ruby.ssrf-clients
    status = Faraday.new(url: "https://api.shipper.example").get("/track/#{CGI.escape(params[:code])}")
    render json: { tracking: response.body, status: status.body }
  end
end

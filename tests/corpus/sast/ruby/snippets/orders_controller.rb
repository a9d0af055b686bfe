# stockade-expect: annotated
class OrdersController < ApplicationController
  def index
    status = params[:status]
    # ruleid: ruby.sql-injection
    @a = Order.where("status = '#{status}'")
    # ok: ruby.sql-injection
    @b = Order.where(status: status)
    # ok: ruby.sql-injection
    @c = Order.where("status = ?", status)
    # ruleid: ruby.open-redirect
    redirect_to params[:back] if params[:back]
  end

  def export
    # ruleid: ruby.command-injection
    system("bin/export --format #{params[:format]}")
    # ok: ruby.command-injection
    system("bin/export", "--format", params[:format])
    # ruleid: ruby.path-traversal
    send_file File.join("exports", params[:file])
    # ok: ruby.path-traversal
    send_file File.join("exports", File.basename(params[:file]))
  end
end

# stockade-expect: annotated
class InvoicesController < ApplicationController
  before_action :authenticate_user!

  def index
    status = params[:status]
    # ruleid: ruby.sql-injection
    @invoices = current_account.invoices.where("status = '#{status}'").order(:due_on)
    # ok: ruby.sql-injection
    @open = current_account.invoices.where(status: status).order(:due_on)
    # ruleid: ruby.sql-injection
    @sorted = Invoice.order(Arel.sql(params[:sort]))
    # ok: ruby.sql-injection
    @sorted2 = Invoice.order(params[:sort] == "total" ? :total : :due_on)
  end

  def totals
    year = params[:year]
    # ruleid: ruby.sql-injection
    rows = ActiveRecord::Base.connection.select_all("SELECT SUM(total) FROM invoices WHERE EXTRACT(YEAR FROM issued_on) = #{year}")
    # ok: ruby.sql-injection
    rows2 = Invoice.where("EXTRACT(YEAR FROM issued_on) = ?", year.to_i).sum(:total)
    # ruleid: ruby.sql-injection
    grouped = Invoice.group(:customer_id).having("SUM(total) > #{params[:min]}").count
    # ok: ruby.sql-injection
    grouped2 = Invoice.group(:customer_id).having("SUM(total) > ?", params[:min].to_f).count
    render json: { rows: rows.to_a, rows2: rows2, grouped: grouped, grouped2: grouped2 }
  end

  def show
    @invoice = current_account.invoices.find(params[:id])
    # ruleid: ruby.xss
    flash[:notice] = "Viewing #{params[:note]}".html_safe
    # ok: ruby.xss
    flash[:info] = helpers.sanitize("Viewing #{params[:note]}")
  end

  def pdf
    name = params[:file]
    # ruleid: ruby.path-traversal
    send_file Rails.root.join("storage", "pdf", name), type: "application/pdf"
  end

  def pdf_safe
    invoice = current_account.invoices.find(params[:id])
    # ok: ruby.path-traversal
    send_file Rails.root.join("storage", "pdf", "#{invoice.id}.pdf"), type: "application/pdf"
  end

  def export
    format = params[:format_name]
    # ruleid: ruby.command-injection
    output = `wkhtmltopdf --format #{format} /tmp/invoice.html /tmp/invoice.pdf`
    # ok: ruby.command-injection
    output2, _status = Open3.capture2("wkhtmltopdf", "--format", format, "/tmp/invoice.html", "/tmp/invoice.pdf")
    render plain: output + output2
  end

  def return_to
    # ruleid: ruby.open-redirect
    redirect_to params[:return_url], allow_other_host: true
  end

  def return_to_safe
    # ok: ruby.open-redirect
    redirect_to invoices_path(page: params[:page])
  end

  def update
    invoice = current_account.invoices.find(params[:id])
    # ruleid: ruby.mass-assignment
    invoice.update(params.require(:invoice).permit!)
    # ok: ruby.mass-assignment
    invoice.update(params.require(:invoice).permit(:notes, :due_on))
    redirect_to invoice
  end
end

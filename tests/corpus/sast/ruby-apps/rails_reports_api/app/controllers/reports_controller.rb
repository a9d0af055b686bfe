# stockade-expect: annotated
class ReportsController < ActionController::API
  def index
    # ruleid: ruby.sql-injection
    rows = Report.select("id, #{params[:columns]}").limit(50)
    # ok: ruby.sql-injection
    rows2 = Report.select(:id, :title).limit(50)
    # ruleid: ruby.sql-injection
    joined = Report.joins("JOIN owners ON owners.id = reports.owner_id AND owners.region = '#{params[:region]}'")
    # ok: ruby.sql-injection
    joined2 = Report.joins(:owner).where(owners: { region: params[:region] })
    # ruleid: ruby.sql-injection
    grouped = Report.group(params[:group_by]).count
    # ok: ruby.sql-injection
    grouped2 = Report.group(:status).count
    render json: { rows: rows, rows2: rows2, joined: joined.size, joined2: joined2.size, grouped: grouped, grouped2: grouped2 }
  end

  def run
    # ruleid: ruby.command-injection
    output = IO.popen("report-cli --format #{params[:format]}").read
    # ok: ruby.command-injection
    output2 = IO.popen(["report-cli", "--format", params[:format].to_s]).read
    # ruleid: ruby.command-injection
    pid = Process.spawn("report-cli --email #{params[:email]}")
    # ok: ruby.command-injection
    pid2 = Process.spawn("report-cli", "--email", params[:email].to_s)
    render json: { output: output + output2, pids: [pid, pid2] }
  end

  def restore
    # ruleid: ruby.insecure-deserialization
    state = JSON.load(params[:state])
    # ok: ruby.insecure-deserialization
    state2 = JSON.parse(params[:state])
    # ruleid: ruby.yaml-unsafe-load
    opts = Psych.unsafe_load(params[:options])
    # ok: ruby.yaml-unsafe-load
    opts2 = Psych.safe_load(params[:options])
    render json: { state: state, state2: state2, opts: opts, opts2: opts2 }
  end

  def preview
    # ruleid: ruby.path-traversal
    render file: Rails.root.join("reports", params[:name])
  end

  def preview_safe
    # ok: ruby.path-traversal
    render template: "reports/preview", locals: { name: params[:name] }
  end

  def from_referer
    # ruleid: ruby.open-redirect
    redirect_to request.referer, allow_other_host: true
  end
end

# stockade-expect: annotated
class ReportMailerJob
  include Sidekiq::Job

  def perform(report_id, recipient, template_name)
    report = Report.find(report_id)
    # ruleid: ruby.sql-injection-parameter
    Report.where("recipient = '#{recipient}'").update_all(sent_at: Time.current)
    # ok: ruby.sql-injection-parameter
    Report.where(recipient: recipient).update_all(sent_at: Time.current)
    # ruleid: ruby.path-traversal-parameter
    body = File.read("templates/#{template_name}.txt")
    # ok: ruby.path-traversal-parameter
    body2 = File.read("templates/#{File.basename(template_name.to_s)}.txt")
    ReportMailer.with(report: report, body: body + body2).deliver_now
  end
end

# stockade-expect: annotated
class ReportJob < ApplicationJob
  queue_as :reports

  def perform(report_class, user_id)
    # ruleid: ruby.code-injection
    report = report_class.constantize.new(User.find(user_id))
    # ok: ruby.code-injection
    mailer = "ReportMailer".constantize
    mailer.with(report: report).deliver_now
  end
end

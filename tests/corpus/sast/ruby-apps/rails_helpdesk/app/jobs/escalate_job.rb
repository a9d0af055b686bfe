# stockade-expect: annotated
class EscalateJob < ApplicationJob
  queue_as :default

  def perform(ticket_id, webhook_url, note)
    ticket = Ticket.find(ticket_id)
    # ruleid: ruby.ssrf-parameter
    RestClient.post(webhook_url, { id: ticket.id, note: note }.to_json)
    # ok: ruby.ssrf-parameter
    RestClient.post("https://escalations.example.com/hooks", { id: ticket.id, url: webhook_url }.to_json)
    # ruleid: ruby.command-injection-parameter
    `notify-send "Escalated: #{note}"`
    # ok: ruby.command-injection-parameter
    system("notify-send", "Escalated: #{note}")
  end
end

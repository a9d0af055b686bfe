# stockade-expect: annotated
class SyncLedgerJob
  include Sidekiq::Job

  def perform(account_id, ledger_url, dump)
    account = Account.find(account_id)
    # ruleid: ruby.ssrf-parameter
    response = Faraday.get(ledger_url)
    # ok: ruby.ssrf-parameter
    response2 = Faraday.get("https://ledger.example.com/accounts/#{account.id.to_i}")
    # ruleid: ruby.marshal-load
    state = Marshal.load(Base64.decode64(dump))
    # ok: ruby.marshal-load
    state2 = JSON.parse(Base64.decode64(dump))
    # ruleid: ruby.command-injection-parameter
    system("pg_dump -t ledger_#{account_id} billing > /tmp/ledger.sql")
    # ok: ruby.command-injection-parameter
    system("pg_dump", "-t", "ledger_#{account_id.to_i}", "billing", "-f", "/tmp/ledger.sql")
    account.update!(ledger: [response.body, response2.body, state, state2].to_json)
  end
end

# stockade-expect: vulnerable CWE-295
def fetch_status(host)
  http = Net::HTTP.new(host, 443)
  http.use_ssl = true
  http.verify_mode = OpenSSL::SSL::VERIFY_NONE
  http.get("/status").body
end

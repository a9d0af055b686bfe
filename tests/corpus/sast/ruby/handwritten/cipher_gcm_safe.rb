# stockade-expect: safe CWE-327
def encrypt(data, key)
  cipher = OpenSSL::Cipher.new("aes-256-gcm")
  cipher.encrypt
  cipher.key = key
  cipher.update(data) + cipher.final
end

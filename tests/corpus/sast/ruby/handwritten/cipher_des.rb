# stockade-expect: vulnerable CWE-327
def encrypt(data, key)
  cipher = OpenSSL::Cipher.new("des-cbc")
  cipher.encrypt
  cipher.key = key
  cipher.update(data) + cipher.final
end

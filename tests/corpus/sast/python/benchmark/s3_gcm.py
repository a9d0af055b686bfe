# stockade-expect: safe CWE-327
from Crypto.Cipher import AES
def enc(key, data):
    return AES.new(key, AES.MODE_GCM).encrypt_and_digest(data)


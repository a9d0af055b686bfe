# stockade-expect: vulnerable CWE-328
import hashlib

def fingerprint(password):
    return hashlib.md5(password.encode()).hexdigest()

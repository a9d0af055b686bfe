# stockade-expect: safe CWE-328
import hashlib

def fingerprint(password):
    return hashlib.sha256(password.encode()).hexdigest()

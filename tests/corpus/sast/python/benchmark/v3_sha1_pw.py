# stockade-expect: vulnerable CWE-328
import hashlib
def store(password):
    return hashlib.sha1(password.encode()).hexdigest()


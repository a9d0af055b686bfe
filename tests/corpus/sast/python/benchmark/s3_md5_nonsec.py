# stockade-expect: safe CWE-328
import hashlib
def etag(body):
    return hashlib.md5(body, usedforsecurity=False).hexdigest()


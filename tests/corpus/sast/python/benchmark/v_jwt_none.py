# stockade-expect: vulnerable CWE-347
import jwt
def issue(claims):
    return jwt.encode(claims, None, algorithm='none')


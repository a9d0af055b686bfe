# stockade-expect: vulnerable CWE-347
from jose import jwt
def claims(tok):
    return jwt.get_unverified_claims(tok)


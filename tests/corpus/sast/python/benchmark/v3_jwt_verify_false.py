# stockade-expect: vulnerable CWE-347
import jwt
def claims(tok):
    return jwt.decode(tok, 'k', algorithms=['HS256'], verify=False)


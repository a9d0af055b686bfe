# stockade-expect: vulnerable CWE-347
import jwt

def claims(token):
    return jwt.decode(token, options={'verify_signature': False})

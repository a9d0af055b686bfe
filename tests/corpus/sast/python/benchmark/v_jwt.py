# stockade-expect: vulnerable CWE-347
import jwt
from flask import request
def current_user():
    token = request.headers['Authorization'].split()[1]
    return jwt.decode(token, options={'verify_signature': False})['sub']


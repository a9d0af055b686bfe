# stockade-expect: safe CWE-347
import jwt
from flask import request, current_app
def current_user():
    token = request.headers['Authorization'].split()[1]
    return jwt.decode(token, current_app.config['SECRET_KEY'], algorithms=['HS256'])['sub']


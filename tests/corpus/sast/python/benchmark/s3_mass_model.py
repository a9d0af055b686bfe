# stockade-expect: safe CWE-915
from flask import request
from .models import User, db
def create():
    data = request.get_json()
    u = User(name=data['name'], email=data['email'])
    db.session.add(u)


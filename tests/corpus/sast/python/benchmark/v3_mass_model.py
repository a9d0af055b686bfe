# stockade-expect: vulnerable CWE-915
from flask import request
from .models import User, db
def create():
    u = User(**request.get_json())
    db.session.add(u)


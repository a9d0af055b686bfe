# stockade-expect: safe CWE-89
from flask import Flask, request
from sqlalchemy import text
from .db import engine
app = Flask(__name__)
@app.route('/u')
def u():
    uid = request.args['id']
    with engine.connect() as conn:
        res = conn.execute(text('SELECT * FROM users WHERE id = :id'), {'id': uid})
    return str(res.all())


# stockade-expect: vulnerable CWE-915
from flask import Flask, request
from .models import User, db
app = Flask(__name__)
@app.route('/u/<int:uid>', methods=['POST'])
def update(uid):
    user = User.query.get(uid)
    for key, value in request.form.items():
        setattr(user, key, value)
    db.session.commit()
    return 'ok'


# stockade-expect: safe CWE-915
from flask import Flask, request
from .models import User, db
app = Flask(__name__)
@app.route('/u/<int:uid>', methods=['POST'])
def update(uid):
    user = User.query.get(uid)
    user.display_name = request.form['display_name']
    db.session.commit()
    return 'ok'


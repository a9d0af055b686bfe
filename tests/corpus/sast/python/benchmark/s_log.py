# stockade-expect: safe CWE-117
import logging
from flask import Flask, request
app = Flask(__name__)
log = logging.getLogger(__name__)
@app.route('/login', methods=['POST'])
def login():
    user = request.form['user'].replace('\\n', '').replace('\\r', '')
    log.warning('failed login for ' + user)
    return 'no'


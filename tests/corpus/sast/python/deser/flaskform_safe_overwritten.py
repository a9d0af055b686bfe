# stockade-expect: safe CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = request.form['v']
    data = 'fixed-value'
    pickle.loads(base64.b64decode(data))
    return 'done'

# stockade-expect: vulnerable CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    pickle.loads(base64.b64decode(request.form['v']))
    return 'done'

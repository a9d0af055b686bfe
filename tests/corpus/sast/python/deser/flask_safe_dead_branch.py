# stockade-expect: safe CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if 1 == 2:
        pickle.loads(base64.b64decode(data))
    return 'done'

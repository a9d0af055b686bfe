# stockade-expect: vulnerable CWE-501
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import session
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if len(data) > 3:
        session["username"] = data
    return 'done'

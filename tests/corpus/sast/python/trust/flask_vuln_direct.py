# stockade-expect: vulnerable CWE-501
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import session
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    session["username"] = request.args.get('v')
    return 'done'

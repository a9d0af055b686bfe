# stockade-expect: safe CWE-501
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import session
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = int(request.form['v'])
    session["username"] = data
    return 'done'

# stockade-expect: safe CWE-95
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = int(request.form['v'])
    eval(data)
    return 'done'

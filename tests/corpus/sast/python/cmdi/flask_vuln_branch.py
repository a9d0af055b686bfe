# stockade-expect: vulnerable CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if len(data) > 3:
        os.system("nslookup " + data)
    return 'done'

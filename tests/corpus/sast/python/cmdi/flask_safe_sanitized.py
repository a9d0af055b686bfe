# stockade-expect: safe CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = shlex.quote(request.args.get('v'))
    os.system("nslookup " + data)
    return 'done'

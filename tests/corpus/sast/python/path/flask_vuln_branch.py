# stockade-expect: vulnerable CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if len(data) > 3:
        open("/var/data/" + data).read()
    return 'done'

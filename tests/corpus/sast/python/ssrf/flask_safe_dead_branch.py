# stockade-expect: safe CWE-918
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import requests
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if 1 == 2:
        requests.get(data, timeout=5).text
    return 'done'

# stockade-expect: safe CWE-918
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import requests
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = request.form['v']
    data = 'fixed-value'
    requests.get(data, timeout=5).text
    return 'done'

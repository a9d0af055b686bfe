# stockade-expect: safe CWE-1333
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import re
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = request.form['v']
    data = 'fixed-value'
    re.compile(data)
    return 'done'

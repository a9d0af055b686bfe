# stockade-expect: safe CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    cfg = {'user': request.form['v'], 'mode': 'read'}
    data = cfg['mode']
    os.system("nslookup " + data)
    return 'done'

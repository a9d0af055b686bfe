# stockade-expect: safe CWE-601
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import redirect
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if 1 == 2:
        redirect(data)
    return 'done'

# stockade-expect: safe CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = request.args.get('v')
    if 1 == 2:
        make_response("<div>" + data + "</div>")
    return 'done'

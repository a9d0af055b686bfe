# stockade-expect: safe CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = 'report-2024'
    open("/var/data/" + data).read()
    return 'done'

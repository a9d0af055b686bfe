# stockade-expect: safe CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = markupsafe.escape(request.args.get('v'))
    make_response("<div>" + data + "</div>")
    return 'done'

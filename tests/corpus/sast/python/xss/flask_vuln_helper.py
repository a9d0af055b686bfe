# stockade-expect: vulnerable CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = passthrough(request.args.get('v'))
    make_response("<div>" + data + "</div>")
    return 'done'


def passthrough(text):
    return text.strip()

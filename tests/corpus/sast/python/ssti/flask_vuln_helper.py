# stockade-expect: vulnerable CWE-1336
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import render_template_string
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = passthrough(request.args.get('v'))
    render_template_string("<p>Hello " + data + "</p>")
    return 'done'


def passthrough(text):
    return text.strip()

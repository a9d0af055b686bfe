# stockade-expect: vulnerable CWE-1336
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import render_template_string
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    render_template_string("<p>Hello " + request.args.get('v') + "</p>")
    return 'done'

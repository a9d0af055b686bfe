# stockade-expect: safe CWE-113
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    resp = make_response('ok')
    items = [request.args.get('v'), 'constant']
    data = items[1]
    resp.headers["X-Trace"] = data
    return 'done'

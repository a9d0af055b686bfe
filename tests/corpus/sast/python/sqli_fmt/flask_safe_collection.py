# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from django.db import connection
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    items = [request.args.get('v'), 'constant']
    data = items[1]
    connection.cursor().execute("SELECT * FROM orders WHERE id = %s" % data)
    return 'done'

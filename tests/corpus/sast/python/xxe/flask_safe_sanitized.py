# stockade-expect: safe CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    data = int(request.args.get('v'))
    etree.fromstring(data)
    return 'done'

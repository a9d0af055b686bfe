# stockade-expect: vulnerable CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    value = request.args.get('v')
    parts = ['prefix', value]
    data = parts[1]
    etree.fromstring(data)
    return 'done'

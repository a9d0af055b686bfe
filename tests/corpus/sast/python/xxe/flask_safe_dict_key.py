# stockade-expect: safe CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    cfg = {'user': request.args.get('v'), 'mode': 'read'}
    data = cfg['mode']
    etree.fromstring(data)
    return 'done'

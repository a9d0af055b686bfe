# stockade-expect: safe CWE-643
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    doc = etree.parse('accounts.xml')
    items = [request.args.get('v'), 'constant']
    data = items[1]
    doc.xpath("//account[@owner='" + data + "']")
    return 'done'

# stockade-expect: vulnerable CWE-643
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    doc = etree.parse('accounts.xml')
    doc.xpath("//account[@owner='" + request.form['v'] + "']")
    return 'done'

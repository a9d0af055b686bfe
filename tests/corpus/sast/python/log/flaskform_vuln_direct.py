# stockade-expect: vulnerable CWE-117
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import logging
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    logging.warning("failed login for " + request.form['v'])
    return 'done'

# stockade-expect: vulnerable CWE-90
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import ldap
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    conn = ldap.initialize('ldap://localhost')
    conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(cn=" + request.args.get('v') + ")")
    return 'done'

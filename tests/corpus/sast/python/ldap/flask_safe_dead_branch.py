# stockade-expect: safe CWE-90
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import ldap
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    conn = ldap.initialize('ldap://localhost')
    data = request.args.get('v')
    if 1 == 2:
        conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(cn=" + data + ")")
    return 'done'

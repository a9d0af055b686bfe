# stockade-expect: safe CWE-90
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import ldap
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    conn = ldap.initialize('ldap://localhost')
    data = v
    data = 'fixed-value'
    conn.search_s("ou=people,dc=example,dc=org", ldap.SCOPE_SUBTREE, "(cn=" + data + ")")
    return 'done'

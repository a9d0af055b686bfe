# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from django.db import connection
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = v
    data = 'fixed-value'
    connection.cursor().execute("SELECT * FROM orders WHERE id = %s" % data)
    return 'done'

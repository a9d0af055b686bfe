# stockade-expect: vulnerable CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from django.db import connection
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    connection.cursor().execute("SELECT * FROM orders WHERE id = %s" % v)
    return 'done'

# stockade-expect: vulnerable CWE-95
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = v
    if len(data) > 3:
        eval(data)
    return 'done'

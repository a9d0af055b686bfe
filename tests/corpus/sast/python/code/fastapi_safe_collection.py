# stockade-expect: safe CWE-95
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    items = [v, 'constant']
    data = items[1]
    eval(data)
    return 'done'

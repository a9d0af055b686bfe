# stockade-expect: safe CWE-22
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars

from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    cfg = {'user': v, 'mode': 'read'}
    data = cfg['mode']
    open("/var/data/" + data).read()
    return 'done'

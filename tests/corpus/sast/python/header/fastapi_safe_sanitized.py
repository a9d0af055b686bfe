# stockade-expect: safe CWE-113
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    resp = make_response('ok')
    data = int(v)
    resp.headers["X-Trace"] = data
    return 'done'

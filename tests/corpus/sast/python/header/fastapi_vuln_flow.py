# stockade-expect: vulnerable CWE-113
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    resp = make_response('ok')
    value = v
    parts = ['prefix', value]
    data = parts[1]
    resp.headers["X-Trace"] = data
    return 'done'

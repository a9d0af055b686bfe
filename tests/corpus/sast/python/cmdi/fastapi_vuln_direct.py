# stockade-expect: vulnerable CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import os
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    os.system("nslookup " + v)
    return 'done'

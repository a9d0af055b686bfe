# stockade-expect: safe CWE-1333
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import re
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = re.escape(v)
    re.compile(data)
    return 'done'

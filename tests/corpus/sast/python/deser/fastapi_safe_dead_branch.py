# stockade-expect: safe CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = v
    if 1 == 2:
        pickle.loads(base64.b64decode(data))
    return 'done'

# stockade-expect: safe CWE-502
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import pickle, base64
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    cfg = {'user': v, 'mode': 'read'}
    data = cfg['mode']
    pickle.loads(base64.b64decode(data))
    return 'done'

# stockade-expect: safe CWE-601
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import redirect
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    cfg = {'user': v, 'mode': 'read'}
    data = cfg['mode']
    redirect(data)
    return 'done'

# stockade-expect: vulnerable CWE-601
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import redirect
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = v
    if len(data) > 3:
        redirect(data)
    return 'done'

# stockade-expect: vulnerable CWE-79
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import make_response
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    make_response("<div>" + v + "</div>")
    return 'done'

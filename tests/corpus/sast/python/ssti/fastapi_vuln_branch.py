# stockade-expect: vulnerable CWE-1336
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from flask import render_template_string
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = v
    if len(data) > 3:
        render_template_string("<p>Hello " + data + "</p>")
    return 'done'

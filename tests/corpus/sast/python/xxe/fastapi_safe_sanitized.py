# stockade-expect: safe CWE-611
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
from lxml import etree
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = int(v)
    etree.fromstring(data)
    return 'done'

# stockade-expect: safe CWE-117
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import logging
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    data = 'report-2024'
    logging.warning("failed login for " + data)
    return 'done'

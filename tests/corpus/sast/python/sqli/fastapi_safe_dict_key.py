# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import sqlite3
conn = sqlite3.connect('app.db')
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    cfg = {'user': v, 'mode': 'read'}
    data = cfg['mode']
    conn.execute("SELECT * FROM users WHERE name = '" + data + "'")
    return 'done'

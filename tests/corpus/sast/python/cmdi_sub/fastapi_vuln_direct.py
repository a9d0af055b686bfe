# stockade-expect: vulnerable CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import subprocess
from fastapi import FastAPI
app = FastAPI()


@app.get('/run')
def handler(v: str):
    subprocess.check_output(f"grep {v} /var/log/app.log", shell=True)
    return 'done'

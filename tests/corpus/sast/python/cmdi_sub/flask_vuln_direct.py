# stockade-expect: vulnerable CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import subprocess
from flask import Flask, request
app = Flask(__name__)


@app.route('/run')
def handler():
    subprocess.check_output(f"grep {request.args.get('v')} /var/log/app.log", shell=True)
    return 'done'

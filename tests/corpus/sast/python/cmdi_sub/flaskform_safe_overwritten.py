# stockade-expect: safe CWE-78
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import subprocess
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = request.form['v']
    data = 'fixed-value'
    subprocess.check_output(f"grep {data} /var/log/app.log", shell=True)
    return 'done'

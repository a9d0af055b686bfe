# stockade-expect: safe CWE-78
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
@bp.route('/a')
def a():
    host = request.form['host']
    subprocess.call(['nslookup', host])
    return 'ok'


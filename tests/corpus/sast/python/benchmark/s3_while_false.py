# stockade-expect: safe CWE-78
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
@bp.route('/a')
def a():
    n = request.args.get('n')
    cmd = 'date'
    if 1 == 2:
        cmd = 'touch ' + n
    os.system(cmd)
    return 'ok'


# stockade-expect: safe CWE-22
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
@bp.route('/a')
def a():
    name = request.args.get('n')
    try:
        name = 'default.txt'
        with open(os.path.join('/data', name)) as fh:
            return fh.read()
    except OSError:
        return 'missing'


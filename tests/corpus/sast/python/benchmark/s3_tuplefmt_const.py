# stockade-expect: safe CWE-89
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
@bp.route('/a')
def a():
    u = request.args.get('u')
    db = sqlite3.connect('x')
    db.execute("SELECT * FROM t WHERE u = '%s' AND x = %d" % ('bob', 1))
    return 'ok'


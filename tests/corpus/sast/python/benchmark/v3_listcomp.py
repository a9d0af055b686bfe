# stockade-expect: vulnerable CWE-78
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
@bp.route('/a')
def a():
    names = [n.strip() for n in request.args.getlist('n')]
    os.system('touch ' + ' '.join(names))
    return 'ok'


# stockade-expect: vulnerable CWE-79
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
def fmt(s):
    return '<b>%s</b>' % s
@bp.route('/a')
def a():
    return fmt(request.args.get('q', ''))


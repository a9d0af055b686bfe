# stockade-expect: safe CWE-79
import html
from flask import Flask, request, Blueprint
import os, subprocess, sqlite3, hashlib
bp = Blueprint("b", __name__)
def clean(s):
    return html.escape(s, quote=True)
@bp.route('/a')
def a():
    return '<b>' + clean(request.args.get('q', '')) + '</b>'


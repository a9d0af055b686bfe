# stockade-expect: safe CWE-22
import os
from flask import Flask, request, abort
app = Flask(__name__)
BASE = '/srv/files'
@app.route('/dl')
def dl():
    path = os.path.realpath(os.path.join(BASE, request.args['f']))
    if not path.startswith(BASE + os.sep):
        abort(403)
    with open(path) as fh:
        return fh.read()


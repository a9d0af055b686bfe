# stockade-expect: safe CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
DEBUG = False
@app.route('/ls')
def ls():
    d = request.values.get('dir', '.')
    if DEBUG:
        os.system('ls ' + d)
    return 'ok'


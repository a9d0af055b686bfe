# stockade-expect: vulnerable CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/ls')
def ls():
    d = request.values.get('dir', '.')
    cmd = ' '.join(['ls', '-la', d])
    return os.popen(cmd).read()


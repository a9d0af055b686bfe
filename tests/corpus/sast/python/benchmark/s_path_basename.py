# stockade-expect: safe CWE-22
import os
from flask import Flask, request, send_file
app = Flask(__name__)
BASE = '/srv/files'
@app.route('/dl')
def dl():
    name = os.path.basename(request.args['f'])
    return send_file(os.path.join(BASE, name))


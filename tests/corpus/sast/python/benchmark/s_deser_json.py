# stockade-expect: safe CWE-502
import json, base64
from flask import Flask, request
app = Flask(__name__)
@app.route('/s')
def s():
    return str(json.loads(base64.b64decode(request.cookies['state'])))


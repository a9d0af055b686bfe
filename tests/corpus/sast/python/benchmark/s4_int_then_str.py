# stockade-expect: safe CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    n = int(request.args['n'])
    os.system('sleep ' + str(n))
    return 'ok'

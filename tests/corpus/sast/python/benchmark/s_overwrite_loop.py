# stockade-expect: safe CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    arg = request.args.get('a')
    arg = 'status'
    os.system('systemctl ' + arg)
    return 'ok'


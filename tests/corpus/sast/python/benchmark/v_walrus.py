# stockade-expect: vulnerable CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    if (arg := request.args.get('a')):
        os.system('systemctl status ' + arg)
    return 'ok'


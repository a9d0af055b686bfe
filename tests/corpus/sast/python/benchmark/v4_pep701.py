# stockade-expect: vulnerable CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    items = request.args.getlist('i')
    os.system(f'echo {"\n".join(items)} {f"{request.args['a']}"}')
    return 'ok'

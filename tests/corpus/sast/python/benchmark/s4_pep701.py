# stockade-expect: safe CWE-78
import os
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    items = request.args.getlist('i')
    os.system(f'echo {"\n".join(["a", "b"])} {f"{'const'}"}')
    return 'ok'

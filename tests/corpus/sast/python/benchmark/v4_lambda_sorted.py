# stockade-expect: vulnerable CWE-94
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    key = request.args['k']
    fn = eval('lambda r: r.' + key)
    return str(sorted([1, 2], key=fn))

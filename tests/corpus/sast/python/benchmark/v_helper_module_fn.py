# stockade-expect: vulnerable CWE-22
from flask import Flask, request
app = Flask(__name__)
def build_path(base, name):
    return '{}/{}'.format(base, name)
def read(path):
    with open(path) as fh:
        return fh.read()
@app.route('/r')
def r():
    return read(build_path('/data', request.args['n']))


# stockade-expect: vulnerable CWE-1336
from flask import Flask, request
from jinja2 import Environment
app = Flask(__name__)
env = Environment()
@app.route('/t')
def t():
    return env.from_string('Hi ' + request.args['n']).render()


# stockade-expect: safe CWE-79
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    return {'name': request.args['n']}

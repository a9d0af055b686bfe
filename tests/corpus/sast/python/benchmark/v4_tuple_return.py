# stockade-expect: vulnerable CWE-79
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    return '<p>' + request.args['n'] + '</p>', 200

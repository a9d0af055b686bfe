# stockade-expect: vulnerable CWE-1004
from flask import Flask, make_response
app = Flask(__name__)
@app.route('/')
def index():
    r = make_response('hi')
    r.set_cookie('sid', 'abc', secure=True, httponly=False)
    return r


# stockade-expect: vulnerable CWE-502
import shelve
from flask import Flask, request
app = Flask(__name__)
@app.route('/s')
def s():
    db = shelve.open('/tmp/' + request.args['name'])
    return str(dict(db))


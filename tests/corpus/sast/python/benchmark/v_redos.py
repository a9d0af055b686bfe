# stockade-expect: vulnerable CWE-1333
import re
from flask import Flask, request
app = Flask(__name__)
@app.route('/grep')
def grep():
    pat = re.compile(request.args['re'])
    return str(bool(pat.search('aaaa')))


# stockade-expect: vulnerable CWE-22
from flask import Flask, request
app = Flask(__name__)
@app.route('/x', methods=['POST'])
def x():
    data = request.get_json(force=True)
    path = data.get('path', 'default.txt')
    with open('/srv/' + path, 'w') as fh:
        fh.write('x')
    return 'ok'

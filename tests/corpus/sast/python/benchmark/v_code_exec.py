# stockade-expect: vulnerable CWE-94
from flask import Flask, request
app = Flask(__name__)
@app.route('/calc', methods=['POST'])
def calc():
    expr = request.get_json()['expr']
    scope = {}
    exec('result = ' + expr, scope)
    return str(scope['result'])


# stockade-expect: safe CWE-94
import ast
from flask import Flask, request
app = Flask(__name__)
@app.route('/calc', methods=['POST'])
def calc():
    expr = request.get_json()['expr']
    return str(ast.literal_eval(expr))


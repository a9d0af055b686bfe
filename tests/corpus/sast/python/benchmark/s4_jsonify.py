# stockade-expect: safe CWE-79
from flask import Flask, request, jsonify
app = Flask(__name__)
@app.route('/x')
def x():
    return jsonify(name=request.args['n'])

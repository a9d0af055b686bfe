# stockade-expect: vulnerable CWE-502
import jsonpickle
from flask import Flask, request
app = Flask(__name__)
@app.route('/s', methods=['POST'])
def s():
    obj = jsonpickle.decode(request.data)
    return str(obj)


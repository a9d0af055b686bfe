# stockade-expect: safe CWE-94
from flask import request
def f():
    n = request.form['n']
    return eval('1 + 2')


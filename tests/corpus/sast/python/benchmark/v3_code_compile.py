# stockade-expect: vulnerable CWE-94
from flask import request
def f():
    code = compile(request.form['src'], '<x>', 'exec')
    exec(code)


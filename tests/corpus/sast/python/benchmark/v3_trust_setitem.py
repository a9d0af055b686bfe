# stockade-expect: vulnerable CWE-501
from flask import request, session
def f():
    session.update({'role': request.form['role']})


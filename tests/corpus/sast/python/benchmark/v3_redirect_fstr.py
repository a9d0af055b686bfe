# stockade-expect: vulnerable CWE-601
from flask import redirect, request
def go():
    return redirect(f"{request.args['to']}")


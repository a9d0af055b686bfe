# stockade-expect: safe CWE-601
from flask import redirect, request
def go():
    return redirect('https://example.com/search?q=' + request.args['q'])


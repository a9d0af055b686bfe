# stockade-expect: safe CWE-601
from flask import redirect, request, url_for
def go():
    page = request.args['to']
    return redirect(url_for('pages.show', name=page))


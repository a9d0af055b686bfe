# stockade-expect: vulnerable CWE-1333
import re
from flask import request
def f():
    return str(re.search(request.args['p'], 'text'))


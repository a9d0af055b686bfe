# stockade-expect: vulnerable CWE-502
import marshal
from flask import request
def load():
    return marshal.loads(request.data)


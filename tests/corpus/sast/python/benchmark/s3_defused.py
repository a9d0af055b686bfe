# stockade-expect: safe CWE-611
from defusedxml.lxml import fromstring
from flask import request
def load():
    return fromstring(request.data)


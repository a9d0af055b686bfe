# stockade-expect: vulnerable CWE-611
from xml.sax import make_parser
from xml.sax.handler import feature_external_ges
from flask import request
def load():
    p = make_parser()
    p.setFeature(feature_external_ges, True)
    p.parse(request.files['x'])


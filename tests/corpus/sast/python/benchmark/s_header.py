# stockade-expect: safe CWE-113
from flask import Flask, request, make_response
app = Flask(__name__)
@app.route('/h')
def h():
    lang = request.args.get('lang')
    resp = make_response('ok')
    resp.headers['Content-Language'] = 'en' if lang == 'en' else 'fr'
    return resp


# stockade-expect: vulnerable CWE-79
from flask import Flask, request
app = Flask(__name__)
@app.route('/x')
def x():
    html = '<ul>'
    for item in request.args.getlist('i'):
        html += '<li>' + item + '</li>'
    return html + '</ul>'

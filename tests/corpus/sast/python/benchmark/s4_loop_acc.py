# stockade-expect: safe CWE-79
from flask import Flask, request
from markupsafe import escape
app = Flask(__name__)
@app.route('/x')
def x():
    html = '<ul>'
    for item in request.args.getlist('i'):
        html += '<li>' + escape(item) + '</li>'
    return html + '</ul>'

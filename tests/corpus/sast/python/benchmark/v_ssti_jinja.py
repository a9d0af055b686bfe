# stockade-expect: vulnerable CWE-1336
import jinja2
from flask import Flask, request
app = Flask(__name__)
@app.route('/t')
def t():
    src = request.form['tpl']
    return jinja2.Template(src).render()


# stockade-expect: vulnerable CWE-79
from flask import Flask, request, render_template
from markupsafe import Markup
app = Flask(__name__)
@app.route('/c')
def c():
    comment = request.form['comment']
    return render_template('c.html', body=Markup(comment))


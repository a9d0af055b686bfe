# stockade-expect: vulnerable CWE-22
from flask import Flask, request
app = Flask(__name__)
@app.route('/up', methods=['POST'])
def up():
    f = request.files['doc']
    f.save('/srv/uploads/' + f.filename)
    return 'ok'


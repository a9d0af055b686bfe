# stockade-expect: safe CWE-22
from flask import Flask, request
from werkzeug.utils import secure_filename
app = Flask(__name__)
@app.route('/up', methods=['POST'])
def up():
    f = request.files['doc']
    f.save('/srv/uploads/' + secure_filename(f.filename))
    return 'ok'


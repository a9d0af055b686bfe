# stockade-expect: safe CWE-918
import requests
from flask import Flask, request
app = Flask(__name__)
@app.route('/fetch')
def fetch():
    path = request.args.get('p')
    url = 'https://api.example.com/v1/items?q=' + requests.utils.quote(path)
    r = requests.get(url, timeout=5)
    return r.text


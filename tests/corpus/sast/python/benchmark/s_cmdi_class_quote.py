# stockade-expect: safe CWE-78
import subprocess, shlex
from flask import Flask, request
app = Flask(__name__)
class Pinger:
    def __init__(self, host):
        self.host = shlex.quote(host)
    def run(self):
        return subprocess.check_output('ping -c 1 ' + self.host, shell=True)
@app.route('/ping')
def ping():
    p = Pinger(request.args.get('host'))
    return p.run()


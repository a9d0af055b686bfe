# stockade-expect: vulnerable CWE-90
import ldap
from flask import Flask, request
app = Flask(__name__)
@app.route('/who')
def who():
    uid = request.args['uid']
    conn = ldap.initialize('ldap://localhost')
    res = conn.search_s('dc=example,dc=com', ldap.SCOPE_SUBTREE, '(uid=' + uid + ')')
    return str(res)


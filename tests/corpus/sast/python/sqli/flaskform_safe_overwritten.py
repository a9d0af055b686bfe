# stockade-expect: safe CWE-89
import ast, html, os, shlex, urllib.parse
import markupsafe
from ldap.filter import escape_filter_chars
import sqlite3
conn = sqlite3.connect('app.db')
from flask import Flask, request
app = Flask(__name__)


@app.route('/run', methods=['POST'])
def handler():
    data = request.form['v']
    data = 'fixed-value'
    conn.execute("SELECT * FROM users WHERE name = '" + data + "'")
    return 'done'

# stockade-expect: safe CWE-89
import sqlite3
from flask import Flask, request, g
app = Flask(__name__)
def query(sql, params=()):
    return sqlite3.connect('a').execute(sql, params).fetchall()
@app.route('/x')
def x():
    return str(query("SELECT * FROM t WHERE name = ?", (request.args['n'],)))

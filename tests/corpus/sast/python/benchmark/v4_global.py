# stockade-expect: vulnerable CWE-89
import sqlite3
from flask import Flask, request, g
app = Flask(__name__)
def query(sql):
    return sqlite3.connect('a').execute(sql).fetchall()
@app.route('/x')
def x():
    where = "name = '%s'" % request.args['n']
    return str(query("SELECT * FROM t WHERE " + where))

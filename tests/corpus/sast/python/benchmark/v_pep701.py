# stockade-expect: vulnerable CWE-89
import sqlite3
from flask import Flask, request
app = Flask(__name__)
@app.route('/q')
def q():
    conn = sqlite3.connect('a.db')
    return str(conn.execute(f"SELECT * FROM t WHERE name = '{request.args["name"]}'").fetchall())


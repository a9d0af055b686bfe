# stockade-expect: safe CWE-89
import sqlite3
from flask import Flask, request
app = Flask(__name__)
@app.route('/q')
def q():
    conn = sqlite3.connect('a.db')
    n = request.args["name"]
    return str(conn.execute(f"SELECT * FROM t WHERE name = '{"fixed"}'", ()).fetchall())


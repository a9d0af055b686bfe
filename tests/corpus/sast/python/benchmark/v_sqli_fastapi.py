# stockade-expect: vulnerable CWE-89
from fastapi import FastAPI
import sqlite3
app = FastAPI()
db = sqlite3.connect('x.db')
@app.get('/items')
def items(q: str):
    rows = db.execute(f"SELECT * FROM items WHERE title LIKE '%{q}%'").fetchall()
    return {'rows': rows}


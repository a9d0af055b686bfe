# stockade-expect: safe CWE-89
from fastapi import FastAPI
import sqlite3
app = FastAPI()
db = sqlite3.connect('x.db')
@app.get('/items/{item_id}')
def items(item_id: int):
    rows = db.execute(f'SELECT * FROM items WHERE id = {item_id}').fetchall()
    return {'rows': rows}


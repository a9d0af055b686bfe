# stockade-expect: annotated
import sqlite3

from flask import g

DATABASE = "shop.db"


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DATABASE)
        g.db.row_factory = sqlite3.Row
    return g.db


def find_products(term, order):
    db = get_db()
    # ruleid: python.sql-formatted-query
    sql = db.execute(f"SELECT id, name, price FROM products WHERE name LIKE '%{term}%' ORDER BY {order}")
    return sql.fetchall()


def product_by_id(product_id):
    # ok: python.sql-injection
    return get_db().execute("SELECT * FROM products WHERE id = ?", (product_id,)).fetchone()

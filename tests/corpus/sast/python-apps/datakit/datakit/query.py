# stockade-expect: annotated
import sqlite3


class Table:
    def __init__(self, conn: sqlite3.Connection, name: str):
        self.conn = conn
        self.name = name

    def where(self, column: str, value):
        # ruleid: python.sql-injection-parameter
        return self.conn.execute(f"SELECT * FROM {self.name} WHERE {column} = ?", (value,)).fetchall()

    def get(self, key):
        # ok: python.sql-injection-parameter
        return self.conn.execute("SELECT * FROM items WHERE key = ?", (key,)).fetchone()

    def delete_where(self, clause: str):
        # ruleid: python.sql-injection-parameter
        self.conn.execute("DELETE FROM items WHERE " + clause)

    def count(self):
        # ok: python.sql-injection-parameter
        return self.conn.execute("SELECT count(*) FROM items").fetchone()[0]

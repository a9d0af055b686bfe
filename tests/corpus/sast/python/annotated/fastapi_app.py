# stockade-expect: annotated
import os
import subprocess
from pathlib import Path
from uuid import UUID

import httpx
from fastapi import Depends, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from sqlalchemy import text

app = FastAPI()
STORAGE = Path("/srv/storage")


def get_db():
    yield None


@app.get("/users/{user_id}")
def get_user(user_id: int, db=Depends(get_db)):
    # ok: python.sql-injection
    return db.execute(text(f"SELECT * FROM users WHERE id = {user_id}")).fetchone()


@app.get("/users/by-name/{name}")
def get_user_by_name(name: str, db=Depends(get_db)):
    # ruleid: python.sql-injection
    return db.execute(text(f"SELECT * FROM users WHERE name = '{name}'")).fetchone()


@app.get("/orders/{order_id}")
def get_order(order_id: UUID, db=Depends(get_db)):
    # ok: python.sql-injection
    return db.execute(text("SELECT * FROM orders WHERE id = '%s'" % order_id)).fetchone()


@app.get("/files/{name}")
def download(name: str):
    # ruleid: python.path-traversal
    return FileResponse(STORAGE / name)


@app.get("/docs/{name}")
def doc(name: str):
    safe = os.path.basename(name)
    # ok: python.path-traversal
    return FileResponse(os.path.join(STORAGE, safe))


@app.get("/hello", response_class=HTMLResponse)
def hello(name: str = "world"):
    # ruleid: python.xss
    return HTMLResponse(f"<h1>Hello {name}</h1>")


@app.post("/convert")
def convert(fmt: str):
    # ruleid: python.command-injection
    subprocess.run(f"convert input.png output.{fmt}", shell=True, check=True)
    # ok: python.command-injection
    subprocess.run(["convert", "input.png", "output." + fmt], check=True)
    return {"ok": True}


@app.get("/fetch")
async def fetch(url: str):
    async with httpx.AsyncClient() as client:
        resp = await client.get("https://api.example.com/v1/items")
    # ruleid: python.ssrf
    other = httpx.get(url)
    return {"status": resp.status_code, "other": other.status_code}


@app.get("/jump")
def jump(target: str):
    # ruleid: python.open-redirect
    return RedirectResponse(target)


@app.get("/calc")
def calc(expr: str):
    # ruleid: python.code-injection
    return {"value": eval(expr)}

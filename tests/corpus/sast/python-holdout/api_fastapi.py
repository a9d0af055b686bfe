# stockade-expect: annotated
import os
import sqlite3
import subprocess
from pathlib import Path

import httpx
import jwt
from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment, Template
from pydantic import BaseModel

app = FastAPI()
DB = sqlite3.connect("app.db", check_same_thread=False)
FILES = Path("/srv/files")
SECRET = os.environ.get("JWT_SECRET", "")
env = Environment(autoescape=True)


class Note(BaseModel):
    title: str
    body: str


@app.get("/notes")
def list_notes(owner: str):
    # ruleid: python.sql-injection
    rows = DB.execute("SELECT * FROM notes WHERE owner = '" + owner + "'").fetchall()
    return {"notes": rows}


@app.get("/notes/{note_id}")
def get_note(note_id: int):
    # ok: python.sql-injection
    row = DB.execute(f"SELECT * FROM notes WHERE id = {note_id}").fetchone()
    return {"note": row}


@app.post("/notes")
def add_note(note: Note, owner: str = Header(...)):
    # ok: python.sql-injection
    DB.execute("INSERT INTO notes (owner, title, body) VALUES (?, ?, ?)", (owner, note.title, note.body))
    return {"ok": True}


@app.get("/files/{name}")
def read_file(name: str):
    # ruleid: python.path-traversal
    return {"content": (FILES / name).read_text()}


@app.get("/files-safe/{name}")
def read_file_safe(name: str):
    path = (FILES / name).resolve()
    if not path.is_relative_to(FILES):
        raise HTTPException(status_code=400)
    # ok: python.path-traversal
    return {"content": path.read_text()}


@app.get("/ping")
def ping(host: str = Query(...)):
    # ruleid: python.command-injection
    out = subprocess.check_output("ping -c 1 " + host, shell=True)
    return {"out": out.decode()}


@app.get("/render", response_class=HTMLResponse)
def render_title(title: str):
    # ruleid: python.template-injection
    return Template("<h1>" + title + "</h1>").render()


@app.get("/render-safe", response_class=HTMLResponse)
def render_title_safe(title: str):
    # ok: python.template-injection
    return env.from_string("<h1>{{ title }}</h1>").render(title=title)


@app.get("/proxy")
async def proxy(url: str):
    async with httpx.AsyncClient() as client:
        # ruleid: python.ssrf
        reply = await client.get(url)
    return {"status": reply.status_code}


@app.get("/login/callback")
def callback(next: str = "/"):
    # ruleid: python.open-redirect
    return RedirectResponse(next)


@app.get("/me")
def me(authorization: str = Header(...)):
    token = authorization.removeprefix("Bearer ")
    # ruleid: python.jwt-verification-disabled
    claims = jwt.decode(token, options={"verify_signature": False})
    # ok: python.jwt-verification-disabled
    verified = jwt.decode(token, SECRET, algorithms=["HS256"])
    return {"sub": claims["sub"], "verified": verified["sub"]}


@app.post("/hook")
async def hook(request: Request):
    payload = await request.json()
    # ruleid: python.code-injection
    exec(payload["script"])
    return {"ok": True}

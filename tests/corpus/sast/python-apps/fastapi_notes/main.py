# stockade-expect: annotated
import asyncpg
import httpx
import yaml
from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from .auth import current_user
from .settings import DATABASE_DSN

app = FastAPI()
# ruleid: python.cors-wildcard-credentials
app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])
# ruleid: python.jinja2-autoescape-disabled
raw_env = Environment(loader=FileSystemLoader("templates"))
# ok: python.jinja2-autoescape-disabled
env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape())


async def db():
    return await asyncpg.connect(DATABASE_DSN)


@app.get("/notes")
async def list_notes(tag: str, user: dict = Depends(current_user)):
    conn = await db()
    # ruleid: python.sql-injection-async-drivers
    rows = await conn.fetch(f"SELECT id, title FROM notes WHERE owner = {user['sub']} AND tag = '{tag}'")
    return [dict(r) for r in rows]


@app.get("/notes/search")
async def search_notes(q: str, user: dict = Depends(current_user)):
    conn = await db()
    # ok: python.sql-injection-async-drivers
    rows = await conn.fetch("SELECT id, title FROM notes WHERE owner = $1 AND title ILIKE $2", int(user["sub"]), f"%{q}%")
    return [dict(r) for r in rows]


@app.get("/notes/{note_id}/html", response_class=HTMLResponse)
async def note_html(note_id: int, title: str):
    # ruleid: python.xss
    return f"<html><h1>{title}</h1><p>note {note_id}</p></html>"


@app.get("/notes/{note_id}/page", response_class=HTMLResponse)
async def note_page(note_id: int, title: str):
    # ok: python.xss
    return env.get_template("note.html").render(title=title, note_id=note_id)


@app.post("/import")
async def import_notes(request: Request):
    body = await request.body()
    # ruleid: python.yaml-unsafe-load
    docs = yaml.load(body, Loader=yaml.Loader)
    return {"count": len(docs)}


@app.post("/import-safe")
async def import_notes_safe(request: Request):
    body = await request.body()
    # ok: python.yaml-unsafe-load
    docs = yaml.safe_load(body)
    return {"count": len(docs)}


@app.get("/preview")
async def preview(url: str):
    async with httpx.AsyncClient(timeout=5) as client:
        # ruleid: python.ssrf
        resp = await client.get(url)
    return {"status": resp.status_code, "length": len(resp.content)}


@app.get("/go")
async def go(to: str):
    # ruleid: python.open-redirect
    return RedirectResponse(to)


@app.get("/go-home")
async def go_home(section: str):
    if section not in {"notes", "tags"}:
        raise HTTPException(status_code=404)
    # ok: python.open-redirect
    return RedirectResponse(f"/{section}")

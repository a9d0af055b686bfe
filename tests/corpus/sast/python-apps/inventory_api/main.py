# stockade-expect: annotated
import logging
import subprocess
from pathlib import Path

import httpx
import jinja2
from fastapi import Depends, FastAPI, Form, Header, Query, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from .db import items_by_sku, items_in_location, search_items
from .settings import settings

app = FastAPI()
log = logging.getLogger("inventory")
templates = Jinja2Templates(directory="templates")
LABEL_DIR = Path("/srv/inventory/labels")
ALLOWED_SUPPLIERS = {"acme": "https://api.acme.example/stock", "globex": "https://globex.example/v2/stock"}

# ruleid: python.cors-allow-all-origins
app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])


@app.get("/items/{sku}")
async def get_item(request: Request, sku: str):
    return await items_by_sku(request.app.state.pool, sku)


@app.get("/search", response_class=HTMLResponse)
async def search(request: Request, q: str = Query(""), order: str = "name"):
    rows = await search_items(request.state.db, q, order)
    return templates.TemplateResponse("search.html", {"request": request, "rows": rows, "q": q})


@app.get("/greeting", response_class=HTMLResponse)
async def greeting(name: str = Query("friend")):
    # ruleid: python.xss
    return HTMLResponse(f"<h1>Hello {name}</h1>")


@app.get("/greeting-safe", response_class=HTMLResponse)
async def greeting_safe(request: Request, name: str = Query("friend")):
    # ok: python.xss
    return templates.TemplateResponse("greeting.html", {"request": request, "name": name})


@app.post("/labels/preview", response_class=HTMLResponse)
async def label_preview(template: str = Form(...)):
    # ruleid: python.template-injection
    return jinja2.Template(template).render(company="ACME")


@app.post("/labels/preview-safe", response_class=HTMLResponse)
async def label_preview_safe(title: str = Form(...)):
    env = jinja2.Environment(loader=jinja2.FileSystemLoader("labels"), autoescape=True)
    # ok: python.template-injection
    return env.get_template("label.html").render(title=title)


@app.get("/labels/{name}")
async def download_label(name: str):
    # ruleid: python.path-traversal
    return FileResponse(LABEL_DIR / name)


@app.get("/labels-safe/{name}")
async def download_label_safe(name: str):
    path = (LABEL_DIR / name).resolve()
    if not path.is_relative_to(LABEL_DIR):
        return {"error": "bad name"}
    # ok: python.path-traversal
    return FileResponse(LABEL_DIR / Path(name).name)


@app.get("/supplier-stock")
async def supplier_stock(url: str):
    async with httpx.AsyncClient() as client:
        # ruleid: python.ssrf
        resp = await client.get(url)
    return resp.json()


@app.get("/supplier-stock-safe")
async def supplier_stock_safe(supplier: str):
    base = ALLOWED_SUPPLIERS.get(supplier)
    async with httpx.AsyncClient() as client:
        # ok: python.ssrf
        resp = await client.get("https://api.acme.example/stock", params={"supplier": supplier})
    return resp.json()


@app.post("/print")
async def print_label(printer: str = Form(...), sku: str = Form(...)):
    # ruleid: python.command-injection
    subprocess.run(f"lp -d {printer} /srv/inventory/labels/{sku}.pdf", shell=True, check=True)
    return {"ok": True}


@app.post("/print-safe")
async def print_label_safe(printer: str = Form(...), sku: str = Form(...)):
    # ok: python.command-injection
    subprocess.run(["lp", "-d", printer, f"/srv/inventory/labels/{sku}.pdf"], check=True)
    return {"ok": True}


@app.get("/login/next")
async def after_login(next: str = "/"):
    # ruleid: python.open-redirect
    return RedirectResponse(next)


@app.get("/login/next-safe")
async def after_login_safe(next: str = "/"):
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    # ok: python.open-redirect
    return RedirectResponse(app.url_path_for("dashboard"))


@app.get("/audit")
async def audit(request: Request, user_agent: str = Header("")):
    # ruleid: python.log-injection
    log.info("inventory audit requested by " + request.headers.get("x-user", ""))
    # ok: python.log-injection
    log.info("inventory audit requested by %r", request.headers.get("x-user", "").replace("\n", ""))
    return {"ok": True}


@app.get("/location/{loc}")
async def by_location(request: Request, loc: str):
    return await items_in_location(request.state.db, loc)

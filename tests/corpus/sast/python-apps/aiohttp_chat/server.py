# stockade-expect: annotated
import json
import logging
import os
import re
import sqlite3

import aiohttp
from aiohttp import web

log = logging.getLogger("chat")
ROOMS_DIR = "/srv/chat/rooms"
db = sqlite3.connect("chat.db")


async def history(request):
    room = request.match_info["room"]
    # ruleid: python.path-traversal
    with open(os.path.join(ROOMS_DIR, room + ".log")) as fh:
        lines = fh.readlines()
    return web.json_response({"lines": lines[-50:]})


async def history_safe(request):
    room = request.match_info["room"]
    if not re.fullmatch(r"[a-z0-9-]{1,32}", room):
        raise web.HTTPBadRequest()
    # ok: python.path-traversal
    with open(os.path.join(ROOMS_DIR, room + ".log")) as fh:
        lines = fh.readlines()
    return web.json_response({"lines": lines[-50:]})


async def search(request):
    term = request.query.get("q", "")
    # ruleid: python.sql-injection
    rows = db.execute("SELECT author, body FROM messages WHERE body LIKE '%" + term + "%'").fetchall()
    return web.json_response(rows)


async def search_safe(request):
    term = request.query.get("q", "")
    # ok: python.sql-injection
    rows = db.execute("SELECT author, body FROM messages WHERE body LIKE ?", ("%" + term + "%",)).fetchall()
    return web.json_response(rows)


async def unfurl(request):
    data = await request.json()
    async with aiohttp.ClientSession() as session:
        # ruleid: python.ssrf
        async with session.get(data["url"]) as resp:
            title = (await resp.text())[:200]
    return web.json_response({"title": title})


async def avatar(request):
    user = request.match_info["user"]
    # ok: python.ssrf
    async with aiohttp.ClientSession() as session, session.get("https://avatars.example.com/u", params={"u": user}) as resp:
        return web.Response(body=await resp.read(), content_type="image/png")


async def greet(request):
    name = request.query.get("name", "")
    # ruleid: python.xss
    return web.Response(text="<h1>Hi " + name + "</h1>", content_type="text/html")


async def greet_plain(request):
    name = request.query.get("name", "")
    # ok: python.xss
    return web.Response(text="Hi " + name, content_type="text/plain")


async def websocket_handler(request):
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    async for msg in ws:
        payload = json.loads(msg.data)
        # ruleid: python.log-injection
        log.info("message from " + payload["nick"])
        await ws.send_str(payload["text"])
    return ws


def make_app():
    app = web.Application()
    app.router.add_get("/rooms/{room}", history)
    app.router.add_get("/search", search)
    return app


if __name__ == "__main__":
    # ruleid: python.bind-all-interfaces
    web.run_app(make_app(), host="0.0.0.0", port=8080)

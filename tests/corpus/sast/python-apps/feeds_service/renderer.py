# stockade-expect: annotated
import asyncio
import pickle
import socket

from jinja2 import Environment, FileSystemLoader, select_autoescape
from playwright.async_api import async_playwright

# ruleid: python.jinja2-autoescape-disabled
legacy_env = Environment(loader=FileSystemLoader("templates"), autoescape=False)
# ok: python.jinja2-autoescape-disabled
env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape(["html"]))


async def screenshot(page_url: str, out: str) -> None:
    async with async_playwright() as p:
        browser = await p.chromium.launch()
        page = await browser.new_page()
        await page.goto(page_url)
        await page.screenshot(path=out)
        await browser.close()


def serve_cache(port: int) -> None:
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # ruleid: python.bind-all-interfaces
    srv.bind(("0.0.0.0", port))
    # ok: python.bind-all-interfaces
    srv.bind(("127.0.0.1", port + 1))
    srv.listen()
    conn, _ = srv.accept()
    data = conn.recv(65536)
    # ruleid: python.insecure-deserialization
    entry = pickle.loads(data)
    conn.sendall(repr(entry).encode())

# stockade-expect: annotated
import re
import subprocess

from flask import Flask, Response, request, send_from_directory
from playwright.sync_api import sync_playwright

app = Flask(__name__)
THUMBS = "/srv/feeds/thumbs"


@app.get("/thumb")
def thumb():
    url = request.args["url"]
    with sync_playwright() as p:
        browser = p.chromium.launch()
        page = browser.new_page()
        # ruleid: python.ssrf
        page.goto(url)
        shot = page.screenshot()
        browser.close()
    return Response(shot, mimetype="image/png")


@app.get("/thumb-safe")
def thumb_safe():
    feed_id = int(request.args["id"])
    with sync_playwright() as p:
        browser = p.chromium.launch()
        page = browser.new_page()
        # ok: python.ssrf
        page.goto(f"https://feeds.example.com/render/{feed_id}")
        shot = page.screenshot()
        browser.close()
    return Response(shot, mimetype="image/png")


@app.get("/thumbs/<path:name>")
def thumb_file(name):
    # ok: python.path-traversal
    return send_from_directory(THUMBS, name)


@app.get("/filter")
def filter_titles():
    pattern = request.args["pattern"]
    # ruleid: python.redos
    rx = re.compile(pattern)
    # ok: python.redos
    rx2 = re.compile(re.escape(pattern))
    return {"match": bool(rx.search("feed")) or bool(rx2.search("feed"))}


@app.post("/opml")
def opml():
    name = request.form["name"]
    # ruleid: python.command-injection
    subprocess.Popen(["bash", "-c", "opml2json " + name], stdout=subprocess.PIPE)
    # ok: python.command-injection
    subprocess.Popen(["opml2json", "--", name], stdout=subprocess.PIPE)
    return "queued"


@app.get("/render")
def render_snippet():
    snippet = request.args.get("tpl", "")
    from jinja2 import Template
    # ruleid: python.template-injection
    return Template("<div>" + snippet + "</div>").render()

# stockade-expect: annotated
import json
import logging
import os
import sqlite3

import azure.functions as func
import functions_framework
import pymongo
import requests
from lxml import etree

mongo = pymongo.MongoClient(os.environ["MONGO_URL"])
feeds = mongo.feeds.items
app = func.FunctionApp()


@app.route(route="feeds/search", auth_level=func.AuthLevel.FUNCTION)
def search_feeds(req: func.HttpRequest) -> func.HttpResponse:
    author = req.params.get("author", "")
    # ruleid: python.nosql-injection
    rows = list(feeds.find({"$where": "this.author == '" + author + "'"}))
    # ok: python.nosql-injection
    rows2 = list(feeds.find({"author": str(author)}))
    return func.HttpResponse(json.dumps([r["title"] for r in rows + rows2]), mimetype="application/json")


@app.route(route="feeds/import", methods=["POST"])
def import_feed(req: func.HttpRequest) -> func.HttpResponse:
    url = req.get_json().get("url")
    # ruleid: python.ssrf
    body = requests.get(url, timeout=10).content
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    # ok: python.xxe
    doc = etree.fromstring(body, parser)
    return func.HttpResponse(str(len(doc)), mimetype="text/plain")


@app.route(route="feeds/preview")
def preview(req: func.HttpRequest) -> func.HttpResponse:
    title = req.params.get("title", "")
    # ruleid: python.xss
    return func.HttpResponse("<h1>" + title + "</h1>", mimetype="text/html")


@app.route(route="feeds/preview-safe")
def preview_safe(req: func.HttpRequest) -> func.HttpResponse:
    title = req.params.get("title", "")
    # ok: python.xss
    return func.HttpResponse(json.dumps({"title": title}), mimetype="application/json")


@functions_framework.http
def tag_counts(request):
    tag = request.args.get("tag", "")
    conn = sqlite3.connect("/tmp/feeds.db")
    # ruleid: python.sql-injection
    cur = conn.execute("SELECT count(*) FROM tags WHERE name = '%s'" % tag)
    # ok: python.sql-injection
    cur2 = conn.execute("SELECT count(*) FROM tags WHERE name = ?", (tag,))
    return {"count": cur.fetchone()[0] + cur2.fetchone()[0]}


@app.queue_trigger(arg_name="msg", queue_name="feed-refresh", connection="AzureWebJobsStorage")
def refresh(msg: func.QueueMessage) -> None:
    job = json.loads(msg.get_body().decode())
    # ruleid: python.command-injection
    os.system("feedctl refresh " + job["feed"])
    # ok: python.command-injection
    os.system("feedctl refresh --all")
    # ruleid: python.log-injection
    logging.info("refreshed " + job["feed"])

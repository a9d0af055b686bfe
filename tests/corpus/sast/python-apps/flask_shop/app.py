# stockade-expect: annotated
import logging
import os
import subprocess

import requests
from flask import Flask, abort, jsonify, make_response, redirect, render_template, request, send_file, session, url_for
from markupsafe import Markup, escape

from .config import Config
from .db import find_products, get_db, product_by_id

app = Flask(__name__)
app.config.from_object(Config)
log = logging.getLogger("shop")

SORTS = {"price": "price", "name": "name"}
INVOICE_DIR = "/srv/shop/invoices"


@app.route("/search")
def search():
    term = request.args.get("q", "")
    order = SORTS.get(request.args.get("sort"), "name")
    rows = find_products(term, order)
    return render_template("search.html", rows=rows, term=term)


@app.route("/product/<int:pid>")
def product(pid):
    row = product_by_id(pid)
    if row is None:
        abort(404)
    return render_template("product.html", product=row)


@app.route("/reviews", methods=["POST"])
def add_review():
    db = get_db()
    text = request.form["text"]
    pid = request.form["pid"]
    # ruleid: python.sql-injection
    db.execute("INSERT INTO reviews (pid, text) VALUES (" + pid + ", '" + text + "')")
    db.commit()
    return redirect(url_for("product", pid=int(pid)))


@app.route("/banner")
def banner():
    name = request.args.get("name", "guest")
    # ruleid: python.xss
    return Markup("<div class='banner'>Welcome back, " + name + "</div>")


@app.route("/banner-safe")
def banner_safe():
    name = request.args.get("name", "guest")
    # ok: python.xss
    return Markup("<div class='banner'>Welcome back, {}</div>").format(name)


@app.route("/invoice")
def invoice():
    number = request.args["n"]
    # ruleid: python.path-traversal
    return send_file(os.path.join(INVOICE_DIR, number + ".pdf"))


@app.route("/invoice-safe")
def invoice_safe():
    number = request.args["n"]
    if not number.isdigit():
        abort(400)
    # ok: python.path-traversal
    return send_file(os.path.join(INVOICE_DIR, number + ".pdf"))


@app.route("/track")
def track():
    carrier_url = request.args["carrier"]
    # ruleid: python.ssrf
    status = requests.get(carrier_url, timeout=5).json()
    return jsonify(status)


@app.route("/track-known")
def track_known():
    code = request.args["code"]
    # ok: python.ssrf
    status = requests.get("https://api.carrier.example.com/v2/track", params={"code": code}, timeout=5).json()
    return jsonify(status)


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    # ruleid: python.log-injection
    log.info("login attempt for " + user)
    nxt = request.args.get("next", "/")
    # ruleid: python.open-redirect
    return redirect(nxt)


@app.route("/thumb")
def thumb():
    image = request.args["img"]
    # ruleid: python.command-injection
    subprocess.run("convert %s -resize 64x64 /tmp/thumb.png" % image, shell=True, check=True)
    return send_file("/srv/shop/thumb.png")


@app.route("/thumb-safe")
def thumb_safe():
    image = os.path.basename(request.args["img"])
    # ok: python.command-injection
    subprocess.run(["convert", os.path.join("/srv/shop/img", image), "-resize", "64x64", "/srv/shop/thumb.png"], check=True)
    return send_file("/srv/shop/thumb.png")


@app.route("/prefs", methods=["POST"])
def prefs():
    resp = make_response("saved")
    # ruleid: python.cookie-without-secure
    resp.set_cookie("theme", request.form.get("theme", "light"), httponly=True)
    return resp


@app.route("/hello")
def hello():
    # ok: python.xss
    return "<p>Hello " + str(escape(request.args.get("name", ""))) + "</p>"


@app.route("/discount", methods=["POST"])
def discount():
    # ruleid: python.nan-injection
    pct = float(request.form["pct"])
    if pct > 50:
        abort(400)
    session["discount"] = pct
    return "ok"


if __name__ == "__main__":
    # ruleid: python.flask-debug
    app.run(host="127.0.0.1", debug=True)

# stockade-expect: annotated
import hashlib
import os
import pickle
import sqlite3
import subprocess

import requests
import yaml
from flask import Flask, abort, jsonify, make_response, redirect, request, send_file, session, url_for
from markupsafe import escape

app = Flask(__name__)
app.secret_key = os.environ["SECRET_KEY"]
UPLOADS = "/srv/uploads"


def db():
    return sqlite3.connect("shop.db")


def find_product(name):
    cur = db().cursor()
    # ruleid: python.sql-injection
    cur.execute("SELECT id, price FROM products WHERE name = '%s'" % name)
    return cur.fetchone()


def find_product_safe(name):
    cur = db().cursor()
    # ok: python.sql-injection
    cur.execute("SELECT id, price FROM products WHERE name = ?", (name,))
    return cur.fetchone()


@app.route("/products")
def products():
    name = request.args.get("name", "")
    row = find_product(name)
    safe_row = find_product_safe(name)
    return jsonify(row=row, safe=safe_row)


@app.route("/products/<int:pid>")
def product(pid):
    cur = db().cursor()
    # ok: python.sql-injection
    cur.execute(f"SELECT * FROM products WHERE id = {pid}")
    return jsonify(cur.fetchone())


@app.route("/search")
def search():
    term = request.args.get("q", "")
    limit = int(request.args.get("limit", "10"))
    cur = db().cursor()
    # ok: python.sql-injection
    cur.execute("SELECT * FROM products WHERE name LIKE ? LIMIT %d" % limit, ("%" + term + "%",))
    rows = cur.fetchall()
    # ruleid: python.xss
    return make_response("<h1>Results for " + term + "</h1>" + str(len(rows)))


@app.route("/greet")
def greet():
    who = request.args.get("who", "friend")
    # ok: python.xss
    return make_response("<p>Hello " + str(escape(who)) + "</p>")


@app.route("/invoice")
def invoice():
    number = request.args["n"]
    # ruleid: python.path-traversal
    return send_file(os.path.join(UPLOADS, "invoices", number + ".pdf"))


@app.route("/avatar")
def avatar():
    name = os.path.basename(request.args["file"])
    # ok: python.path-traversal
    return send_file(os.path.join(UPLOADS, "avatars", name))


@app.route("/admin/backup", methods=["POST"])
def backup():
    target = request.form["target"]
    # ruleid: python.command-injection
    subprocess.call("tar czf /backups/" + target + ".tgz /srv/data", shell=True)
    # ok: python.command-injection
    subprocess.call(["tar", "czf", "/backups/nightly.tgz", "/srv/data"])
    return "ok"


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    session["user"] = "pending"
    next_url = request.args.get("next", "/")
    if not next_url.startswith("/"):
        abort(400)
    # ruleid: python.open-redirect
    return redirect(next_url)


@app.route("/logout")
def logout():
    session.clear()
    # ok: python.open-redirect
    return redirect(url_for("products"))


@app.route("/cart/restore", methods=["POST"])
def restore_cart():
    blob = request.get_data()
    # ruleid: python.insecure-deserialization
    cart = pickle.loads(blob)
    return jsonify(items=len(cart))


@app.route("/import", methods=["POST"])
def import_catalog():
    # ruleid: python.yaml-unsafe-load
    catalog = yaml.load(request.get_data())
    # ok: python.yaml-unsafe-load
    defaults = yaml.safe_load(open("defaults.yaml"))
    return jsonify(count=len(catalog), defaults=len(defaults))


@app.route("/preview")
def preview():
    url = request.args["url"]
    # ruleid: python.ssrf
    body = requests.get(url, timeout=3).text
    # ok: python.ssrf
    status = requests.get("https://status.example.com/api", timeout=3).status_code
    return jsonify(size=len(body), status=status)


def checksum(data):
    # ruleid: python.weak-hash
    return hashlib.md5(data).hexdigest()


def etag(data):
    # ok: python.weak-hash
    return hashlib.sha256(data).hexdigest()


if __name__ == "__main__":
    debug = os.environ.get("SHOP_DEBUG") == "1"
    # ok: python.flask-debug
    app.run(debug=debug)

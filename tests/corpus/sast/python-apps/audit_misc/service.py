# stockade-expect: annotated
import hashlib
import logging
import os
import re
import ssl
import tempfile

import requests
from cryptography.hazmat.primitives.asymmetric import rsa
from flask import Flask, request, session
from flask_cors import CORS
from flask_wtf.csrf import CSRFProtect

app = Flask(__name__)
# ruleid: python.cors-wildcard-credentials
CORS(app, origins="*", supports_credentials=True)
# ok: python.cors-wildcard-credentials
CORS(app, origins=["https://ops.example.com"], supports_credentials=True)
app.config.update(
    # ruleid: python.flask-insecure-cookie-config
    SESSION_COOKIE_SECURE=False,
)
log = logging.getLogger("svc")

# ruleid: python.regex-catastrophic-backtracking
EMAIL = re.compile(r"^([a-zA-Z0-9]+)*@example\.com$")
# ok: python.regex-catastrophic-backtracking
USER = re.compile(r"^[a-zA-Z0-9._-]{1,64}$")


def make_key():
    # ruleid: python.rsa-short-key
    weak = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    # ok: python.rsa-short-key
    strong = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    return weak, strong


def tls_client():
    ctx = ssl.create_default_context()
    # ruleid: python.ssl-no-verification
    ctx.check_hostname = False
    # ruleid: python.tls-minimum-version-weak
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    return ctx


def scratch():
    # ruleid: python.insecure-tempfile
    name = tempfile.mktemp(suffix=".csv")
    # ok: python.insecure-tempfile
    fd, name2 = tempfile.mkstemp(suffix=".csv")
    return name, fd, name2


@app.post("/login")
def login():
    user = request.form["user"]
    # ruleid: python.log-injection
    log.warning("bad password for %s" % user)
    # ok: python.log-injection
    log.warning("bad password for %r", user)
    return "no", 401


def upload_report(path):
    # ruleid: python.permissive-file-mode
    os.chmod(path, 0o666)
    # ruleid: python.request-without-timeout
    requests.post("https://reports.example.com/upload", files={"f": open(path, "rb")})
    # ok: python.request-without-timeout
    requests.post("https://reports.example.com/upload", files={"f": open(path, "rb")}, timeout=30)

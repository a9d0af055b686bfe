# stockade-expect: annotated
"""HTTP and TLS helpers shared by the ops scripts."""
import socket
import ssl
import urllib.request

import requests
import urllib3


def fetch_status(url, insecure=False):
    # ruleid: python.tls-verify-disabled
    return requests.get(url, verify=False, timeout=10).json()


def fetch_status_ca(url):
    # ok: python.tls-verify-disabled
    return requests.get(url, verify="/etc/opskit/ca.pem", timeout=10).json()


def quiet():
    # ruleid: python.urllib3-warnings-disabled
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def legacy_client_context():
    ctx = ssl.create_default_context()
    # ruleid: python.ssl-no-verification
    ctx.check_hostname = False
    # ruleid: python.ssl-context-no-verification-kwarg
    ctx.verify_mode = ssl.CERT_NONE
    # ruleid: python.tls-minimum-version-weak
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    return ctx


def modern_client_context():
    ctx = ssl.create_default_context()
    # ok: python.tls-minimum-version-weak
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    return ctx


def download(url, dest):
    # ruleid: python.urlopen-any-scheme
    with urllib.request.urlopen(url) as resp, open(dest, "wb") as out:
        out.write(resp.read())


def ping_port(host, port):
    with socket.create_connection((host, port), timeout=3):
        return True


def serve_metrics(handler_cls):
    from http.server import HTTPServer

    # ruleid: python.bind-all-interfaces
    server = HTTPServer(("0.0.0.0", 9100), handler_cls)
    server.serve_forever()

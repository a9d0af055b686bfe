"""Webhook delivery throughput and the cost of emitting an event.

Runs on this machine only: a SQLite database in a temporary directory (the embedded
default), a real HTTPS receiver on 127.0.0.1 with a throwaway certificate, and the
dispatcher of ``stockade.webhooks.delivery`` with its default parallelism.

- 1,000 ``scan.completed`` events for one webhook, emitted in one transaction, then
  dispatcher rounds until every delivery is delivered (target: all within 10 s);
- emitting one event into an organization with one webhook, per call (target: <= 2 ms
  added to the request or job step that causes it).

There is no peer: no other scanner ships an outbox-backed webhook dispatcher to compare.
Usage: ``python bench/webhooks/run.py [--events 1000]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from stockade.store import Database, upgrade
from stockade.store.crypto import SecretBox
from stockade.store.models import User
from stockade.store.tenancy_models import Organization
from stockade.store.webhook_models import DELIVERED, Delivery, Webhook
from stockade.webhooks import delivery, events
from stockade.webhooks.sender import HttpxSender


def _certificate(directory: Path) -> tuple[Path, Path]:
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def _receiver(cert: Path, key: Path) -> tuple[ThreadingHTTPServer, list[int]]:
    count = [0]
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                count[0] += 1
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, count


def _setup(db: Database, box: SecretBox, url: str) -> str:
    with db.session() as s:
        user = User(email="bench@example.com", password_hash="x", is_admin=False)
        s.add(user)
        s.flush()
        org = Organization(name="bench", plan="Pro", settings={}, budgets={}, logo_version=0)
        s.add(org)
        s.flush()
        s.add(
            Webhook(
                organization_id=org.id,
                url=url,
                events=["scan.completed"],
                secret=box.seal(b"bench-secret-0123456789"),
                active=True,
                created_by=user.id,
            )
        )
        return org.id


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cert, key = _certificate(root)
        httpd, received = _receiver(cert, key)
        url = f"https://127.0.0.1:{httpd.server_address[1]}/hook"
        db = Database(f"sqlite:///{root / 'bench.db'}")
        upgrade(db.engine)
        box = SecretBox(["bench-key-" + "k" * 40])
        org = _setup(db, box, url)
        sender = HttpxSender(["127.0.0.1"], ca_file=cert)

        costs = []  # what emitting adds inside a transaction that commits anyway
        for i in range(300):
            with db.session() as s:
                s.get(Organization, org)  # the state change's own work begins the transaction
                started = time.perf_counter()
                events.emit(s, org, "scan.completed", {"scan_id": f"warm-{i}"})
                costs.append((time.perf_counter() - started) * 1000)
        with db.session() as s:
            s.query(Delivery).delete()

        with db.session() as s:
            for i in range(args.events):
                events.emit(s, org, "scan.completed", {"scan_id": f"job-{i}"})
        started = time.perf_counter()
        while True:
            delivery.deliver_due(db, sender, box, [1, 5, 30], batch=100)
            with db.session() as s:
                done = s.query(Delivery).filter(Delivery.status == DELIVERED).count()
            if done >= args.events or time.perf_counter() - started > 120:
                break
        elapsed = time.perf_counter() - started
        sender.close()
        httpd.shutdown()
        db.dispose()

    cpu = platform.processor() or platform.machine()
    print(
        f"machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version}; receiver: HTTPS on 127.0.0.1"
    )
    print("peer: none (no other scanner ships an outbox-backed webhook dispatcher)")
    rows = [
        (
            "deliver 1,000 events (all delivered)",
            f"{elapsed:.2f} s",
            "<= 10 s",
            elapsed <= 10 and done >= args.events,
        ),
        ("deliveries per second", f"{done / elapsed:.0f}", "", True),
        (
            "emit one event, p50 (added to a transaction)",
            f"{statistics.median(costs):.2f} ms",
            "",
            True,
        ),
        (
            "emit one event, p95 (added to a transaction)",
            f"{statistics.quantiles(costs, n=20)[18]:.2f} ms",
            "<= 2 ms",
            statistics.quantiles(costs, n=20)[18] <= 2.0,
        ),
    ]
    print(f"{'measure':<42} {'ours':>12} {'target':>10}  result")
    for name, value, target, ok in rows:
        print(f"{name:<42} {value:>12} {target:>10}  {'PASS' if ok or not target else 'FAIL'}")
    print(f"received by the server: {received[0]} (delivered rows: {done})")
    return 0 if all(ok for _, _, t, ok in rows if t) else 1


if __name__ == "__main__":
    sys.exit(main())

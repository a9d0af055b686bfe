"""A real HTTPS webhook receiver on 127.0.0.1 with a throwaway certificate.

It records every request (headers and raw body), can answer 500 to the first N requests (a
receiver that is down, then up), and verifies signatures with its own implementation of the
documented construction, independent of ``stockade.webhooks.signing``.
"""

from __future__ import annotations

import hashlib
import hmac
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from git_https_server import make_certificate


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    url: str
    cert: Path
    fail_first: int = 0
    answer: str = "ok"  # "ok", "redirect" (302 elsewhere) or "huge" (an endless 200 body)
    requests: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wait(self, count: int, timeout: float = 20.0) -> list[Received]:
        """The requests so far, once there are ``count`` of them (or the timeout passed)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.requests) >= count:
                    return list(self.requests)
            time.sleep(0.05)
        with self.lock:
            return list(self.requests)


def verify(secret: str, received: Received) -> bool:
    """The receiver's check: HMAC-SHA256 over "<delivery>.<timestamp>.<raw body>"."""
    h = {k.lower(): v for k, v in received.headers.items()}
    signed = f"{h['x-stockade-delivery']}.{h['x-stockade-timestamp']}.".encode() + received.body
    want = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, h.get("x-stockade-signature", ""))


@contextmanager
def serve_receiver(certdir: Path, *, fail_first: int = 0, answer: str = "ok") -> Iterator[Receiver]:
    cert, key = make_certificate(certdir)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    info = Receiver(
        url=f"https://127.0.0.1:{httpd.server_address[1]}/hook",
        cert=cert,
        fail_first=fail_first,
        answer=answer,
    )
    seen = {"n": 0}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            with info.lock:
                seen["n"] += 1
                failing = seen["n"] <= info.fail_first
                if not failing:
                    info.requests.append(Received(dict(self.headers.items()), body))
            if not failing and info.answer == "redirect":
                self.send_response(302)
                self.send_header("Location", "https://127.0.0.1:1/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if not failing and info.answer == "huge":
                self._endless()
                return
            self.send_response(500 if failing else 200)
            answer = b'{"ok": false}' if failing else b'{"ok": true}'
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def _endless(self) -> None:
            """A 200 announcing 100 MB and sending until the client hangs up."""
            self.send_response(200)
            self.send_header("Content-Length", str(100 * 1024 * 1024))
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(1600):
                    self.wfile.write(chunk)
            except OSError:
                pass  # the client stopped reading: what we want

    httpd.RequestHandlerClass = Handler
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield info
    finally:
        httpd.shutdown()
        httpd.server_close()

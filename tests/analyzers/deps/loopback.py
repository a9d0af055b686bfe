"""A real HTTP server on 127.0.0.1 in a thread: serves OSV exports and the OSV API."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar


class OsvHandler(BaseHTTPRequestHandler):
    exports: ClassVar[Mapping[str, Path]] = {}
    records: ClassVar[Mapping[str, dict[str, Any]]] = {}
    batches: ClassVar[list[int]] = []

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _send(self, status: int, body: bytes, ctype: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[1] == "all.zip" and parts[0] in self.exports:
            self._send(200, self.exports[parts[0]].read_bytes(), "application/zip")
        elif len(parts) == 3 and parts[:2] == ["v1", "vulns"] and parts[2] in self.records:
            self._send(200, json.dumps(self.records[parts[2]]).encode())
        else:
            self._send(404, b'{"message": "not found"}')

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        queries = body["queries"]
        self.batches.append(len(queries))
        results = []
        for q in queries:
            pkg = q["package"]
            ids = [
                {"id": r["id"], "modified": r["modified"]}
                for r in self.records.values()
                for a in r.get("affected", [])
                if a["package"]["ecosystem"] == pkg["ecosystem"]
                and a["package"]["name"] == pkg["name"]
            ]
            results.append({"vulns": ids} if ids else {})
        self._send(200, json.dumps({"results": results}).encode())


@contextmanager
def serve(
    exports: Mapping[str, Path] | None = None, records: Mapping[str, dict[str, Any]] | None = None
) -> Iterator[tuple[str, type[OsvHandler]]]:
    handler = type(
        "Handler",
        (OsvHandler,),
        {"exports": exports or {}, "records": records or {}, "batches": []},
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler
    finally:
        server.shutdown()
        server.server_close()
        thread.join()

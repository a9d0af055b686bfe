"""A real HTTP server on 127.0.0.1 that speaks the three LLM providers' wire formats.

It records every request and answers from a script, so a test can assert what Stockade
sends and how it takes every answer a provider can give::

    from llm_provider_server import ProviderServer, Reply

    with ProviderServer() as srv:
        srv.script(Reply.json({"fixed_code": "...", "confidence": 0.9}), Reply.error(500))
        # point Stockade at it:
        #   llm.openai.base_url       = srv.openai_base_url   (http://127.0.0.1:PORT/v1)
        #   llm.gemini.base_url       = srv.url
        #   llm.azure_openai.endpoint = srv.url
        ...
        srv.requests[0].path, srv.requests[0].headers["authorization"], srv.requests[0].json

Each request takes the next scripted :class:`Reply`; once the script is used up,
``srv.default`` answers (``Reply.text("ok")`` unless given: ``ProviderServer(default=...)``;
``ProviderServer(delay=0.2)`` makes every reply wait that long first, for benchmarks).

The format follows the request's path, as a real provider's would:

- ``POST .../chat/completions``: OpenAI Chat Completions (Azure's
  ``/openai/deployments/{name}/chat/completions?api-version=...`` too); ``"stream": true``
  in the body asks for SSE ``data: {chunk}`` events ending with ``data: [DONE]``.
- ``POST /v1beta/models/{model}:generateContent``: Gemini; ``:streamGenerateContent?alt=sse``
  asks for SSE events, each a whole answer, the last with ``finishReason``.

Replies (``delay=`` on any of them waits that many seconds before answering):

- ``Reply.text(text, pieces=None)``: a normal answer; streamed, ``pieces`` (default: the text
  in three parts) followed by the end marker.
- ``Reply.json(obj)``: ``Reply.text`` of the object serialised (a structured answer).
- ``Reply.cut(pieces, abort=True)``: a stream that never ends properly. ``abort`` hangs up
  in the middle of the chunked body (after half an event for Gemini); ``abort=False`` ends
  the body cleanly but without ``[DONE]`` / ``finishReason``.
- ``Reply.error(status, message=None, retry_after=None)``: the vendor's error body for that
  status (and a ``Retry-After`` header when given).
- ``Reply.bad_key()``: how the vendor refuses a wrong key: 401 for OpenAI and Azure (its
  message echoes the key, as a careless proxy might), 400 ``API_KEY_INVALID`` for Gemini.
- ``Reply.malformed()``: a 200 whose body (or stream event) is not JSON.
- ``Reply.redirect(location)``: a 307 elsewhere.
- ``Reply.raw(obj, status=200)``: exactly this JSON body, whatever the format (edge cases:
  a refusal, a blocked prompt, no choices).

:func:`llm_settings` builds the ``llm`` settings section pointing a provider kind at a
server (``llm_settings("azure_openai", srv, timeout_seconds=0.5)``), with a test key.

The handler threads are daemons and delays end early when the server stops, so a test that
timed out does not wait for the reply it gave up on.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from stockade.config import Llm


@dataclass(frozen=True)
class Reply:
    """One scripted answer; build it with the class methods."""

    kind: str
    content: str = ""
    pieces: tuple[str, ...] | None = None
    status: int = 200
    message: str | None = None
    retry_after: str | None = None
    location: str = ""
    abort: bool = True
    delay: float = 0.0

    @classmethod
    def text(cls, text: str, *, pieces: list[str] | None = None, delay: float = 0.0) -> Reply:
        return cls("text", text, tuple(pieces) if pieces is not None else None, delay=delay)

    @classmethod
    def json(cls, obj: Any, *, delay: float = 0.0) -> Reply:
        return cls("text", json.dumps(obj), delay=delay)

    @classmethod
    def cut(cls, pieces: list[str], *, abort: bool = True, delay: float = 0.0) -> Reply:
        return cls("cut", "".join(pieces), tuple(pieces), abort=abort, delay=delay)

    @classmethod
    def error(
        cls,
        status: int,
        message: str | None = None,
        *,
        retry_after: str | None = None,
        delay: float = 0.0,
    ) -> Reply:
        return cls("error", status=status, message=message, retry_after=retry_after, delay=delay)

    @classmethod
    def bad_key(cls) -> Reply:
        return cls("bad_key")

    @classmethod
    def malformed(cls, *, delay: float = 0.0) -> Reply:
        return cls("malformed", delay=delay)

    @classmethod
    def redirect(cls, location: str) -> Reply:
        return cls("redirect", location=location)

    @classmethod
    def raw(cls, obj: Any, *, status: int = 200) -> Reply:
        return cls("raw", json.dumps(obj), status=status)


@dataclass
class Recorded:
    """One request as it arrived: header names lower-cased, the raw body and its JSON."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class ProviderServer:
    """The server; use it as a context manager (see the module docstring)."""

    default: Reply = field(default_factory=lambda: Reply.text("ok"))
    delay: float = 0.0
    requests: list[Recorded] = field(default_factory=list)
    _script: deque[Reply] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _httpd: ThreadingHTTPServer | None = None

    def __enter__(self) -> ProviderServer:
        server = self

        class Handler(_Handler):
            owner = server

        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler, bind_and_activate=False)
        httpd.daemon_threads = True
        httpd.request_queue_size = 256  # a burst of concurrent calls must not be refused
        httpd.allow_reuse_address = True
        httpd.server_bind()
        httpd.server_activate()
        httpd.handle_error = lambda *_: None  # type: ignore[method-assign]
        self._httpd = httpd
        threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``: Gemini's base URL and Azure's endpoint."""
        assert self._httpd is not None, "use the server as a context manager"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    @property
    def openai_base_url(self) -> str:
        """``llm.openai.base_url`` for this server (OpenAI's paths start with ``/v1``)."""
        return f"{self.url}/v1"

    def script(self, *replies: Reply) -> None:
        """Queue replies, one per request, in order."""
        with self._lock:
            self._script.extend(replies)

    def next_reply(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            return self._script.popleft() if self._script else self.default

    def wait(self, seconds: float) -> None:
        """Sleep, but not past the server's stop."""
        self._stopping.wait(seconds)


class _Handler(BaseHTTPRequestHandler):
    owner: ProviderServer
    protocol_version = "HTTP/1.1"  # keep-alive, as Stockade's pooled client expects

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        parts = urlsplit(self.path)
        recorded = Recorded(
            "POST",
            parts.path,
            dict(parse_qsl(parts.query)),
            {k.lower(): v for k, v in self.headers.items()},
            body,
        )
        reply = self.owner.next_reply(recorded)
        self.owner.wait(reply.delay + self.owner.delay)
        wire = _Wire.of(recorded)
        try:
            self._answer(wire, reply)
        except OSError:
            self.close_connection = True  # the client gave up (a timeout test): fine

    def _answer(self, wire: _Wire, reply: Reply) -> None:
        if reply.kind == "redirect":
            self._send(307, b"", headers={"Location": reply.location})
        elif reply.kind == "error":
            headers = {"Retry-After": reply.retry_after} if reply.retry_after else {}
            self._send(reply.status, wire.error_body(reply.status, reply.message), headers)
        elif reply.kind == "raw":
            self._send(reply.status, reply.content.encode())
        elif reply.kind == "bad_key":
            status, payload = wire.bad_key()
            self._send(status, payload)
        elif wire.stream:
            self._stream(wire, reply)
        elif reply.kind == "malformed":
            self._send(200, b'{"choices": [{"message": ')
        else:
            self._send(200, wire.answer(reply.content))

    def _send(self, status: int, payload: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)

    def _stream(self, wire: _Wire, reply: Reply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if reply.kind == "malformed":
            self._chunk(b"data: {not json\n\n")
            self._chunk(b"")
            return
        pieces = list(reply.pieces) if reply.pieces is not None else _thirds(reply.content)
        complete = reply.kind != "cut"
        for event in wire.events(pieces, complete=complete):
            self._chunk(event)
            time.sleep(0.005)  # separate TCP writes: the client really sees pieces
        if complete or not reply.abort:
            self._chunk(b"")
            return
        self._chunk(wire.half_event())
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)  # hang up inside the chunked body
        self.close_connection = True

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


@dataclass(frozen=True)
class _Wire:
    """The vendor format a request speaks, and how to answer in it."""

    kind: str  # "openai", "azure" or "gemini"
    stream: bool
    model: str
    key: str = ""  # the API key the request carried

    @classmethod
    def of(cls, request: Recorded) -> _Wire:
        h = request.headers
        key = h.get("x-goog-api-key") or h.get("api-key") or h.get("authorization", "")
        key = key.removeprefix("Bearer ")
        if ":generateContent" in request.path or ":streamGenerateContent" in request.path:
            model = request.path.rsplit("/", 1)[-1].split(":", 1)[0]
            return cls("gemini", ":streamGenerateContent" in request.path, model, key)
        try:
            body = request.json
        except ValueError:
            body = {}
        stream = bool(body.get("stream")) if isinstance(body, dict) else False
        if request.path.startswith("/openai/deployments/"):
            return cls("azure", stream, request.path.split("/")[3], key)
        model = body.get("model", "unknown") if isinstance(body, dict) else "unknown"
        return cls("openai", stream, str(model), key)

    def answer(self, text: str) -> bytes:
        if self.kind == "gemini":
            return _dump(_gemini_chunk(text, self.model, finished=True))
        return _dump(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": self.model,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text, "refusal": None},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": 11,
                    "completion_tokens": len(text.split()),
                    "total_tokens": 11 + len(text.split()),
                },
            }
        )

    def events(self, pieces: list[str], *, complete: bool) -> list[bytes]:
        if self.kind == "gemini":
            out = [
                _dump(_gemini_chunk(p, self.model, finished=complete and i == len(pieces) - 1))
                for i, p in enumerate(pieces)
            ]
            return [b"data: " + e + b"\r\n\r\n" for e in out]
        chunks: list[dict[str, Any]] = []
        if self.kind == "azure":  # Azure opens with content-filter results and no choices
            chunks.append({"choices": [], "prompt_filter_results": [{"prompt_index": 0}]})
        chunks.append(_openai_chunk({"role": "assistant", "content": ""}, self.model, None))
        chunks += [_openai_chunk({"content": p}, self.model, None) for p in pieces]
        if complete:
            chunks.append(_openai_chunk({}, self.model, "stop"))
        events = [b"data: " + _dump(c) + b"\n\n" for c in chunks]
        return [*events, b"data: [DONE]\n\n"] if complete else events

    def half_event(self) -> bytes:
        """The first half of one more event: what a dropped connection leaves."""
        event = self.events(["and then"], complete=False)[-1]
        return event[: len(event) // 2]

    def error_body(self, status: int, message: str | None) -> bytes:
        text = message or _REASONS.get(status, "error")
        if self.kind == "gemini":
            return _dump({"error": {"code": status, "message": text, "status": _STATUS[status]}})
        return _dump({"error": {"message": text, "type": "server_error", "code": str(status)}})

    def bad_key(self) -> tuple[int, bytes]:
        if self.kind == "gemini":
            error = {
                "code": 400,
                "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT",
                "details": [
                    {
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason": "API_KEY_INVALID",
                        "domain": "googleapis.com",
                    }
                ],
            }
            return 400, _dump({"error": error})
        message = f"Incorrect API key provided: {self.key}. Check your key."
        return 401, self.error_body(401, message)


_REASONS = {
    400: "Invalid request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "The model does not exist",
    429: "Rate limit reached, please try again later",
    500: "The server had an error while processing your request",
    502: "Bad gateway",
    503: "The engine is currently overloaded",
}
_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
}


def _thirds(text: str) -> list[str]:
    size = max(1, -(-len(text) // 3))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _dump(obj: Any) -> bytes:
    return json.dumps(obj).encode()


def _openai_chunk(delta: dict[str, Any], model: str, finish: str | None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _gemini_chunk(text: str, model: str, *, finished: bool) -> dict[str, Any]:
    candidate: dict[str, Any] = {
        "content": {"parts": [{"text": text}], "role": "model"},
        "index": 0,
    }
    chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": model}
    if finished:
        candidate["finishReason"] = "STOP"
        chunk["usageMetadata"] = {
            "promptTokenCount": 11,
            "candidatesTokenCount": len(text.split()),
            "totalTokenCount": 11 + len(text.split()),
        }
    return chunk


def fake_key(kind: str) -> str:
    """A key-shaped test value for ``kind``, assembled here (never a literal in a file)."""
    prefix = {"openai": "sk-" + "test", "gemini": "AI" + "za", "azure_openai": ""}[kind]
    return prefix + "k" * 8 + "0123456789" * 3


def llm_settings(kind: str, server: ProviderServer, **overrides: Any) -> Llm:
    """The ``llm`` section for provider ``kind`` (``openai``, ``gemini``, ``azure_openai``)
    talking to ``server`` with :func:`fake_key`; ``overrides`` set top-level ``llm`` keys,
    and ``openai=``/``gemini=``/``azure_openai=`` dicts merge into the provider's section."""
    sections: dict[str, dict[str, Any]] = {
        "openai": {"base_url": server.openai_base_url, "api_key": fake_key("openai")},
        "gemini": {"base_url": server.url, "api_key": fake_key("gemini")},
        "azure_openai": {
            "endpoint": server.url,
            "deployment": "stockade-gpt",
            "api_version": "2024-10-21",
            "api_key": fake_key("azure_openai"),
        },
    }
    section = {**sections[kind], **overrides.pop(kind, {})}
    values: dict[str, Any] = {"provider": kind, "default_model": "test-model", kind: section}
    values.update(overrides)
    return Llm.model_validate(values)

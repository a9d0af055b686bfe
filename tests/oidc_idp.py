"""The identity providers the SSO tests log in through, both real HTTP servers on 127.0.0.1.

- :class:`NodeIdp`: panva's ``oidc-provider`` (an OpenID Certified implementation) run with
  node from ``tests/sso/oidc_provider`` (``npm ci`` there first; ``scripts/bootstrap.sh``
  does it). The success paths, role mapping, leavers and key rotation go through it.
- :class:`MiniIdp`: a small provider in Python that signs with joserfc and can be told to
  misbehave in ways a certified provider never does: a token for another audience, an
  expired token, a tampered signature. It still speaks the real wire format (discovery,
  authorization redirect, token endpoint with client authentication and PKCE, JWKS).

:class:`Browser` is the user agent: one cookie jar, following redirects across Stockade
(the ASGI app, at ``http://testserver``) and the IdP (real sockets).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import httpx2
from fastapi import FastAPI
from fastapi.testclient import TestClient
from joserfc import jwt
from joserfc.jwk import RSAKey

PROVIDER_DIR = Path(__file__).parent / "sso" / "oidc_provider"
STOCKADE = "http://testserver"


class Browser:
    """A user agent: Stockade through the ASGI app, the IdP over loopback, one cookie jar."""

    def __init__(self, app: FastAPI) -> None:
        self._asgi = TestClient(app)
        # Starlette's test transport speaks httpx2 (the client TestClient is built on).
        self.http = httpx2.Client(
            mounts={STOCKADE: self._asgi._transport, "all://": httpx2.HTTPTransport()},
            base_url=STOCKADE,
            follow_redirects=False,
            timeout=20,
        )

    def walk(self, url: str, *, stop_at: str | None = None) -> httpx2.Response:
        """GET ``url`` and follow redirects like a browser; with ``stop_at``, stop before
        requesting a URL whose path contains it and return the redirect pointing there."""
        response = self.http.get(url)
        for _ in range(30):
            if not response.is_redirect:
                return response
            target = str(response.next_request.url) if response.next_request else ""
            if stop_at is not None and stop_at in urlsplit(target).path:
                return response
            response = self.http.get(target)
        raise AssertionError("too many redirects")

    def login(self, org_id: str, **params: str) -> httpx2.Response:
        query = f"?{urlencode(params)}" if params else ""
        return self.walk(f"/api/v1/auth/sso/{org_id}/login{query}")

    def callback_url(self, org_id: str) -> str:
        """Run the login up to the IdP's redirect back to Stockade; the callback URL."""
        r = self.walk(f"/api/v1/auth/sso/{org_id}/login", stop_at="/oidc/callback")
        assert r.is_redirect, r.text
        return str(r.headers["location"])

    @property
    def csrf(self) -> str:
        return str(self.http.cookies.get("stockade_csrf", domain="testserver.local") or "")

    def close(self) -> None:
        self.http.close()


# The certified provider (node)


class NodeIdp:
    """``oidc-provider`` in a node subprocess; configured through its control endpoint."""

    def __init__(self) -> None:
        if not (PROVIDER_DIR / "node_modules" / "oidc-provider").is_dir():
            raise RuntimeError(f"run `npm ci` in {PROVIDER_DIR} (scripts/bootstrap.sh does)")
        # The provider's warnings go to a file: an unread pipe would fill up and stall it.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            ["node", "server.mjs"],
            cwd=PROVIDER_DIR,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            self.log.seek(0)
            raise RuntimeError(f"the OpenID provider did not start: {self.log.read()!r}")
        self.issuer: str = json.loads(line)["issuer"]
        self.clients: list[dict[str, Any]] = []

    def control(self, **change: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.issuer}/__control", json=change, timeout=10)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def add_client(self, client_id: str, client_secret: str, redirect_uri: str) -> None:
        self.clients.append(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "redirect_uris": [redirect_uri],
            }
        )
        self.control(clients=self.clients)

    def user(self, sub: str, email: str, groups: list[str] | None = None, **extra: Any) -> None:
        """The account the next login at this IdP signs in as."""
        self.control(user={"sub": sub, "email": email, "groups": groups or [], **extra})

    def rotate(self) -> list[str]:
        """Replace the signing key; returns the new key ids."""
        return list(self.control(rotate=True)["kids"])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.log.close()


# The misbehaving provider (Python)


@dataclass
class MiniIdp:
    """A minimal, real OpenID provider; ``faults`` makes its next tokens wrong on purpose:
    ``audience`` (another client's token), ``expired`` (ten minutes past ``exp``),
    ``tampered`` (signature bytes changed), ``late`` (one minute past ``exp``, which the
    two-minute leeway still accepts)."""

    client_id: str = "mini-client"
    client_secret: str = field(default_factory=lambda: "s" + secrets.token_hex(16))
    subject: str = "mini-user-1"
    email: str = ""
    groups: list[str] = field(default_factory=list)
    faults: set[str] = field(default_factory=set)
    issuer: str = ""
    key: RSAKey = field(
        default_factory=lambda: RSAKey.generate_key(
            2048, parameters={"kid": "mini-1", "alg": "RS256", "use": "sig"}
        )
    )
    codes: dict[str, dict[str, str]] = field(default_factory=dict)
    token_requests: int = 0

    def start(self) -> None:
        idp = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def _json(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                if parts.path == "/.well-known/openid-configuration":
                    self._json(200, idp.discovery())
                elif parts.path == "/jwks":
                    self._json(200, {"keys": [idp.key.as_dict(private=False)]})
                elif parts.path == "/authorize":
                    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                    location = idp.authorize(query)
                    self.send_response(302)
                    self.send_header("Location", location)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self._json(404, {"error": "not_found"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                status, body = idp.token(form, self.headers.get("Authorization", ""))
                self._json(status, body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.issuer = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
        }

    def authorize(self, query: dict[str, str]) -> str:
        assert query.get("client_id") == self.client_id
        assert query.get("response_type") == "code"
        assert query.get("code_challenge_method") == "S256"
        code = secrets.token_urlsafe(24)
        self.codes[code] = {
            "nonce": query["nonce"],
            "challenge": query["code_challenge"],
            "redirect_uri": query["redirect_uri"],
        }
        return f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query['state']})}"

    def token(self, form: dict[str, str], authorization: str) -> tuple[int, dict[str, Any]]:
        """The token endpoint: client authentication, the code once, PKCE S256."""
        self.token_requests += 1
        expected = base64.b64encode(f"{self.client_id}:{self.client_secret}".encode()).decode()
        if authorization != f"Basic {expected}":
            return 401, {"error": "invalid_client"}
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or form.get("redirect_uri") != grant["redirect_uri"]:
            return 400, {"error": "invalid_grant"}
        digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != grant["challenge"]:
            return 400, {"error": "invalid_grant", "error_description": "PKCE check failed"}
        return 200, {
            "access_token": secrets.token_urlsafe(16),
            "token_type": "Bearer",
            "expires_in": 300,
            "id_token": self.id_token(grant["nonce"]),
        }

    def id_token(self, nonce: str) -> str:
        now = int(time.time())
        issued, expires = now, now + 300
        if "expired" in self.faults:
            issued, expires = now - 3600, now - 600
        if "late" in self.faults:
            issued, expires = now - 600, now - 60
        claims = {
            "iss": self.issuer,
            "sub": self.subject,
            "aud": "another-client" if "audience" in self.faults else self.client_id,
            "iat": issued,
            "exp": expires,
            "nonce": nonce,
            "email": self.email,
            "email_verified": True,
            "groups": self.groups,
        }
        token = jwt.encode({"alg": "RS256", "kid": "mini-1"}, claims, self.key)
        if "tampered" in self.faults:
            head, body, signature = token.split(".")
            flipped = ("A" if signature[10] != "A" else "B").join((signature[:10], signature[11:]))
            token = ".".join((head, body, flipped))
        return token


def running(idp: MiniIdp) -> Iterator[MiniIdp]:
    idp.start()
    try:
        yield idp
    finally:
        idp.stop()

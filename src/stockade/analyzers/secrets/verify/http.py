"""The common shape: one fixed request whose only secret part is an authentication header."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Mapping

from stockade.analyzers.secrets.verify.interface import (
    HttpCall,
    Outcome,
    Request,
    Response,
    Verifier,
    classify_status,
)

AuthHeaders = Callable[[str], Mapping[str, str]]


def credential_key(provider: str, *parts: str) -> str:
    """Cache key of a credential: a hash, so the runner's memory never holds the value."""
    digest = hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    return f"{provider}:{digest}"


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def basic(user: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
    return {"Authorization": f"Basic {token}"}


def header(name: str, template: str = "{}") -> AuthHeaders:
    """An authentication header of another form (``PRIVATE-TOKEN: x``, ``Bot x``)."""
    return lambda secret: {name: template.format(secret)}


class IdentityCall(Verifier):
    """``method base_url+path`` with the secret in headers built by ``auth``."""

    def __init__(
        self,
        provider: str,
        base_url: str,
        path: str,
        auth: AuthHeaders = bearer,
        *,
        method: str = "GET",
        headers: Mapping[str, str] | None = None,
        body: bytes = b"",
        reader: Callable[[Response], Outcome] = lambda r: classify_status(r.status_code),
    ) -> None:
        self.provider = provider
        self.base_url = base_url
        self.path = path
        self.auth = auth
        self.method = method
        self.headers = dict(headers or {})
        self.body = body
        self.reader = reader

    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        return HttpCall(
            self.method,
            self.path,
            credential_key(self.provider, request.secret),
            {**self.headers, **self.auth(request.secret)},
            self.body,
        )

    def interpret(self, response: Response) -> Outcome:
        return self.reader(response)

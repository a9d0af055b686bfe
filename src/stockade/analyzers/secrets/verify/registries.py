"""Package registries: npm ``GET /-/whoami``; PyPI has no harmless call at all.

PyPI's only endpoint that authenticates an API token is the upload API: checking a token
would mean attempting an upload. A PyPI token is therefore reported ``unknown`` without
any request.
"""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall
from stockade.analyzers.secrets.verify.interface import (
    HttpCall,
    Outcome,
    Request,
    Status,
    Verifier,
)

NPM = IdentityCall("npm", "https://registry.npmjs.org", "/-/whoami")


class NoHarmlessCall(Verifier):
    """A provider whose tokens can only be checked by an action with effects."""

    def __init__(self, provider: str, base_url: str, why: str) -> None:
        self.provider = provider
        self.base_url = base_url
        self.why = why

    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        return Outcome(Status.UNKNOWN, self.why)


PYPI = NoHarmlessCall(
    "pypi",
    "https://upload.pypi.org",
    "PyPI authenticates API tokens only on upload; no read-only call exists",
)

RULES = {"npm-token": NPM, "pypi-token": PYPI, "testpypi-token": PYPI}

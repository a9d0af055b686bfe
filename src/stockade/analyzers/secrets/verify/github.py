"""GitHub: ``GET /user`` answers who owns a personal, OAuth or user-to-server token.

Installation tokens (``ghs_``) cannot call ``/user`` (403 even when live), so they are not
mapped; refresh tokens are only exchanged, never used, and are not mapped either.
"""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall
from stockade.analyzers.secrets.verify.interface import Outcome, Response, Status, classify_status


def read_user(response: Response) -> Outcome:
    """GitHub answers 403 (or 429) when a live token hits a rate limit: not a revocation."""
    if response.status_code in (403, 429) and b"rate limit" in response.body.lower():
        return Outcome(Status.UNKNOWN, f"HTTP {response.status_code}: rate limited")
    return classify_status(response.status_code)


GITHUB = IdentityCall(
    "github",
    "https://api.github.com",
    "/user",
    headers={"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"},
    reader=read_user,
)

RULES = {
    "github-pat": GITHUB,
    "github-fine-grained-pat": GITHUB,
    "github-oauth-token": GITHUB,
    "github-user-to-server-token": GITHUB,
}

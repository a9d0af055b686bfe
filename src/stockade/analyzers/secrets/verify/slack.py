"""Slack: ``POST /api/auth.test``. Slack answers 200 for bad tokens too, with
``{"ok": false, "error": "invalid_auth"}``, so the body decides."""

from __future__ import annotations

import json

from stockade.analyzers.secrets.verify.http import IdentityCall
from stockade.analyzers.secrets.verify.interface import Outcome, Response, Status, classify_status

DEAD = frozenset(
    {"invalid_auth", "not_authed", "token_revoked", "token_expired", "account_inactive"}
)


def read_auth_test(response: Response) -> Outcome:
    """``ok: true`` is live; a documented authentication error is revoked."""
    if response.status_code != 200:
        return classify_status(response.status_code)
    try:
        answer = json.loads(response.body)
    except ValueError:
        return Outcome(Status.UNKNOWN, "auth.test answered something other than JSON")
    if not isinstance(answer, dict):
        return Outcome(Status.UNKNOWN, "auth.test answered an unexpected JSON shape")
    if answer.get("ok") is True:
        return Outcome(Status.LIVE, "auth.test ok")
    error = str(answer.get("error", ""))
    if error in DEAD:
        return Outcome(Status.REVOKED, f"auth.test: {error}")
    return Outcome(Status.UNKNOWN, f"auth.test: {error or 'no error code'}")


SLACK = IdentityCall(
    "slack",
    "https://slack.com",
    "/api/auth.test",
    method="POST",
    headers={"Content-Type": "application/x-www-form-urlencoded"},
    reader=read_auth_test,
)

RULES = {
    "slack-bot-token": SLACK,
    "slack-user-token": SLACK,
    "slack-legacy-token": SLACK,
    "slack-workspace-token": SLACK,
}

"""GitLab.com: ``GET /api/v4/user`` with the ``PRIVATE-TOKEN`` header.

Only GitLab.com is asked: a token of a self-managed instance is unknown there and reads as
revoked, which the docs say (the instance's host is not a constant we may send secrets to).
"""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall, header

GITLAB = IdentityCall("gitlab", "https://gitlab.com", "/api/v4/user", header("PRIVATE-TOKEN"))

RULES = {"gitlab-pat": GITLAB}

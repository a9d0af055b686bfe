"""An organization's GitHub settings: save (vetted, credentials sealed), read, delete.

The caller (the server) has checked the permission and validated the body's shape; this
module checks what needs more than a shape: the API URL (https, no credentials, a target
the SSRF guard allows; again before every publication, since DNS may change) and the App
private key (an RSA key PyJWT can sign RS256 with). Credentials are sealed with the server
key and never leave again except to the code host.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey
from cryptography.hazmat.primitives.serialization import load_pem_private_key
from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.core import netguard
from stockade.core.netguard import Resolver, UnsafeTargetError, system_resolver
from stockade.jobs.codehost.errors import CodeHostNotFoundError, CodeHostRejectedError
from stockade.jobs.codehost.github import DEFAULT_API_URL, AppAuth, Auth, TokenAuth
from stockade.store.codehost_models import CodeHostSettings
from stockade.store.crypto import SecretBox
from stockade.store.types import utcnow

GITHUB = "github"
OPTION_KEYS = ("commit_status", "check_run", "review_comments", "sarif_upload", "issues", "fail_on")


def vet_api_url(url: str, allow: Sequence[str], resolve: Resolver = system_resolver) -> None:
    """https only, no credentials in the URL, and a host the SSRF guard accepts."""
    try:
        netguard.vet_url(url, allow=allow, resolve=resolve, https_only=True)
    except (UnsafeTargetError, ValueError) as exc:  # urlsplit: "Invalid IPv6 URL"
        raise CodeHostRejectedError("github_api_url_refused", str(exc)) from None


def _private_key(pem: str) -> None:
    try:
        key = load_pem_private_key(pem.encode(), password=None)
    except (ValueError, TypeError):
        raise CodeHostRejectedError(
            "invalid_private_key", "private_key is not an unencrypted PEM private key"
        ) from None
    if not isinstance(key, RSAPrivateKey):
        raise CodeHostRejectedError("invalid_private_key", "a GitHub App key is an RSA key")


def get(session: Session, organization_id: str, provider: str = GITHUB) -> CodeHostSettings:
    row = find(session, organization_id, provider)
    if row is None:
        raise CodeHostNotFoundError(
            "integration_not_configured", f"the organization has no {provider} integration"
        )
    return row


def find(session: Session, organization_id: str, provider: str = GITHUB) -> CodeHostSettings | None:
    query = select(CodeHostSettings).where(
        CodeHostSettings.organization_id == organization_id,
        CodeHostSettings.provider == provider,
    )
    return session.scalars(query).first()


def save(
    session: Session,
    box: SecretBox,
    allow: Sequence[str],
    organization_id: str,
    *,
    api_url: str | None,
    auth: dict[str, Any] | None,
    options: dict[str, Any],
) -> CodeHostSettings:
    """Create or replace the settings. ``auth`` None keeps the stored credentials (so
    options can change without sending the secret again); there must then be some."""
    url = (api_url or DEFAULT_API_URL).rstrip("/")
    vet_api_url(url, allow)
    row = find(session, organization_id)
    if auth is None and row is None:
        raise CodeHostRejectedError("credentials_required", "auth is required the first time")
    now = utcnow()
    if row is None:
        row = CodeHostSettings(organization_id=organization_id, provider=GITHUB, created_at=now)
        session.add(row)
    if auth is not None:
        if auth["type"] == "app":
            _private_key(str(auth["private_key"]))
            row.app_id, row.installation_id = str(auth["app_id"]), str(auth["installation_id"])
        else:
            row.app_id = row.installation_id = None
        row.auth_type = str(auth["type"])
        row.credentials = box.seal(orjson.dumps({k: str(v) for k, v in auth.items()}))
    row.api_url = url
    row.options = {k: options[k] for k in OPTION_KEYS if options.get(k) is not None}
    # GitHub lets only Apps create check runs: unless told, a token publishes a status only.
    row.options.setdefault("check_run", row.auth_type == "app")
    row.updated_at = now
    session.flush()
    return row


def credentials(box: SecretBox, row: CodeHostSettings) -> Auth:
    data = orjson.loads(box.open(row.credentials))
    if data["type"] == "app":
        return AppAuth(str(data["app_id"]), str(data["installation_id"]), str(data["private_key"]))
    return TokenAuth(str(data["token"]))


def summary(row: CodeHostSettings) -> dict[str, Any]:
    """The public view (the API's answer and the audit entry): never a credential."""
    auth: dict[str, Any] = {"type": row.auth_type}
    if row.auth_type == "app":
        auth.update(app_id=row.app_id, installation_id=row.installation_id)
    options = row.options or {}
    issues = options.get("issues") or {}
    return {
        "api_url": row.api_url,
        "auth": auth,
        "commit_status": bool(options.get("commit_status", True)),
        "check_run": bool(options.get("check_run", True)),
        "review_comments": bool(options.get("review_comments", True)),
        "sarif_upload": bool(options.get("sarif_upload", True)),
        "issues": {
            "enabled": bool(issues.get("enabled", False)),
            "min_severity": str(issues.get("min_severity", "high")),
        },
        "fail_on": str(options.get("fail_on", "high")),
    }

"""AWS: STS ``GetCallerIdentity`` signed with Signature Version 4, by hand.

GetCallerIdentity needs no permission and changes nothing. A key id alone proves nothing, so
both parts are paired from the same file (the nearest one); a temporary key (``ASIA…``)
needs its session token too. STS answers 403 for an unknown key id or a wrong secret.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from stockade.analyzers.secrets.verify.http import credential_key
from stockade.analyzers.secrets.verify.interface import (
    HttpCall,
    Outcome,
    Request,
    Status,
    Verifier,
)

KEY_ID_RULES = ("aws-access-key-id",)
SECRET_RULES = ("aws-secret-access-key",)
SESSION_RULES = ("aws-session-token",)
STS_BODY = b"Action=GetCallerIdentity&Version=2011-06-15"
FORM = "application/x-www-form-urlencoded; charset=utf-8"
REGION = "us-east-1"
SERVICE = "sts"


def _hmac(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).digest()


def signing_key(secret: str, day: str, region: str, service: str) -> bytes:
    """The SigV4 derived key: HMAC chain over date, region, service and ``aws4_request``."""
    key = _hmac(f"AWS4{secret}".encode(), day)
    for part in (region, service, "aws4_request"):
        key = _hmac(key, part)
    return key


def canonical_request(
    method: str, path: str, query: str, headers: Mapping[str, str], payload_hash: str
) -> tuple[str, str]:
    """The canonical request and its signed-header list (lower-case names, sorted)."""
    names = sorted(headers, key=str.lower)
    lines = "".join(f"{n.lower()}:{' '.join(headers[n].split())}\n" for n in names)
    signed = ";".join(n.lower() for n in names)
    return f"{method}\n{path}\n{query}\n{lines}\n{signed}\n{payload_hash}", signed


def sign(
    *,
    key_id: str,
    secret: str,
    amz_date: str,
    region: str,
    service: str,
    method: str,
    path: str,
    query: str,
    headers: Mapping[str, str],
    payload_hash: str,
) -> str:
    """The ``Authorization`` header value of a SigV4-signed request."""
    canonical, signed = canonical_request(method, path, query, headers, payload_hash)
    scope = f"{amz_date[:8]}/{region}/{service}/aws4_request"
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    to_sign = f"AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{digest}"
    signature = hmac.new(
        signing_key(secret, amz_date[:8], region, service), to_sign.encode(), hashlib.sha256
    ).hexdigest()
    return f"AWS4-HMAC-SHA256 Credential={key_id}/{scope}, SignedHeaders={signed}, Signature={signature}"


def _now() -> datetime:
    return datetime.now(UTC)


class StsVerifier(Verifier):
    """One verifier for both halves: the key id finding and the secret finding."""

    provider = "aws"
    base_url = "https://sts.amazonaws.com"

    def __init__(self, clock: Callable[[], datetime] = _now) -> None:
        self.clock = clock

    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        pair = self._pair(request)
        if isinstance(pair, Outcome):
            return pair
        key_id, secret = pair
        if not key_id.startswith(("AKIA", "ASIA")):
            return Outcome(Status.UNKNOWN, f"{key_id[:4]} keys are not checked through STS")
        session = None
        if key_id.startswith("ASIA"):
            token = request.nearest(SESSION_RULES)
            if token is None:
                return Outcome(Status.UNKNOWN, "temporary key without a session token in the file")
            session = token.secret
        return self._call(host, key_id, secret, session)

    @staticmethod
    def _pair(request: Request) -> tuple[str, str] | Outcome:
        if request.rule_id in KEY_ID_RULES:
            other = request.nearest(SECRET_RULES)
            if other is None:
                return Outcome(Status.UNKNOWN, "no secret access key in the same file to pair with")
            return request.secret, other.secret
        other = request.nearest(KEY_ID_RULES)
        if other is None:
            return Outcome(Status.UNKNOWN, "no access key id in the same file to pair with")
        return other.secret, request.secret

    def _call(self, host: str, key_id: str, secret: str, session: str | None) -> HttpCall:
        amz_date = self.clock().strftime("%Y%m%dT%H%M%SZ")
        headers = {"Content-Type": FORM, "Host": host, "X-Amz-Date": amz_date}
        if session is not None:
            headers["X-Amz-Security-Token"] = session
        auth = sign(
            key_id=key_id,
            secret=secret,
            amz_date=amz_date,
            region=REGION,
            service=SERVICE,
            method="POST",
            path="/",
            query="",
            headers=headers,
            payload_hash=hashlib.sha256(STS_BODY).hexdigest(),
        )
        sent = {k: v for k, v in headers.items() if k != "Host"} | {"Authorization": auth}
        key = credential_key(self.provider, key_id, secret, session or "")
        return HttpCall("POST", "/", key, sent, STS_BODY)

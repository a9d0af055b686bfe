"""OpenID Connect relying party: discovery, authorization code + PKCE, id_token validation.

Built on Authlib's OAuth 2.0 protocol functions (the authorization request with PKCE S256,
the token request, client authentication) and joserfc (Authlib's JOSE library: JWS
signatures, JWT claims). Both are maintained by the same author, follow the RFCs closely and
are widely used, so no protocol step here is hand-written beyond choosing what to check.
Authlib's own HTTP client integration is not used: requests must go through the pinned
transport below, which is plain ``httpx``.

Network: every request to an IdP URL (discovery document, JWKS, token endpoint) goes
through a :data:`Dialer` that the server supplies. It vets the URL with the SSRF guard
(:mod:`stockade.core.netguard`) and returns a transport pinned to the vetted address, so an
issuer cannot point Stockade at its own network or rebind DNS between check and connect.
Redirects are never followed and answers are read up to :data:`MAX_DOCUMENT` bytes.

Validation of the id_token (OpenID Connect Core 3.1.3.7): signature with a key of the
issuer's JWKS (asymmetric algorithms only), ``iss`` equal to the configured issuer, ``aud``
containing the client id (and ``azp`` equal to it when there are several audiences),
``exp``, ``iat`` and ``nbf`` with :data:`LEEWAY` of clock skew, and ``nonce`` equal to the
one stored with the login. A ``kid`` missing from the cached JWKS triggers one re-fetch, so
an IdP that rotates its keys keeps working without a restart.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
from authlib.common.security import generate_token
from authlib.oauth2.auth import ClientAuth
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri, prepare_token_request
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from joserfc import jws, jwt
from joserfc.errors import (
    BadSignatureError,
    ExpiredTokenError,
    InvalidClaimError,
    JoseError,
    MissingClaimError,
)
from joserfc.jwk import KeySet

from stockade.core.netguard import UnsafeTargetError
from stockade.sso.errors import IdpUnavailableError, SsoTokenError

Dialer = Callable[[str], httpx.BaseTransport]
"""``url -> transport``: vets ``url`` with the SSRF guard (raises
:class:`~stockade.core.netguard.UnsafeTargetError`) and returns a transport that may reach
that URL's origin only, at the vetted address."""

LEEWAY = 120  # seconds of clock skew accepted on exp, iat and nbf
MAX_DOCUMENT = 512 * 1024  # a discovery document or JWKS larger than this is refused
CACHE_SECONDS = 3600.0  # discovery documents and key sets are re-read after an hour
MAX_CACHED = 256  # documents kept (two per issuer in use)
ALGORITHMS = (
    "RS256",
    "RS384",
    "RS512",
    "PS256",
    "PS384",
    "PS512",
    "ES256",
    "ES384",
    "ES512",
    "EdDSA",
)


@dataclass(frozen=True)
class ProviderInfo:
    """The parts of the discovery document a login uses."""

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    algorithms: tuple[str, ...]


@dataclass(frozen=True)
class Identity:
    """A validated id_token: who (issuer, subject), their e-mail, and the raw claims (the
    group claim's name is the organization's setting, see :func:`groups_of`)."""

    issuer: str
    subject: str
    email: str | None
    email_verified: bool
    name: str | None
    claims: dict[str, Any] = field(repr=False)


@dataclass
class _Cached:
    value: Any
    fetched: float


class OidcClient:
    """One per server: caches discovery documents and key sets by URL (thread-safe)."""

    def __init__(
        self,
        dial: Dialer,
        *,
        timeout: float = 10.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.dial = dial
        self.timeout = timeout
        self.clock = clock
        self._documents: dict[str, _Cached] = {}
        self._lock = threading.Lock()

    # Network

    def _request(
        self,
        method: str,
        url: str,
        what: str,
        headers: dict[str, str],
        body: str | None = None,
    ) -> tuple[int, bytes]:
        """One request through the dialer: no redirects, no proxies, at most
        :data:`MAX_DOCUMENT` bytes of answer."""
        try:
            transport = self.dial(url)
        except UnsafeTargetError as exc:
            raise IdpUnavailableError("idp_target_refused", f"{what}: {exc}") from None
        client = httpx.Client(
            transport=transport, trust_env=False, follow_redirects=False, timeout=self.timeout
        )
        try:
            with client, client.stream(method, url, headers=headers, content=body) as r:
                data = bytearray()
                for chunk in r.iter_bytes():
                    data += chunk
                    if len(data) > MAX_DOCUMENT:
                        raise IdpUnavailableError("idp_bad_answer", f"{what}: answer too large")
                return r.status_code, bytes(data)
        except httpx.HTTPError as exc:
            raise IdpUnavailableError(
                "idp_unreachable", f"{what}: {type(exc).__name__}: {exc}"
            ) from None
        except UnsafeTargetError as exc:  # the transport refuses another origin
            raise IdpUnavailableError("idp_target_refused", f"{what}: {exc}") from None

    def _get_json(self, url: str, what: str) -> dict[str, Any]:
        status, data = self._request("GET", url, what, {"Accept": "application/json"})
        if status != 200:
            raise IdpUnavailableError("idp_bad_answer", f"{what} answered HTTP {status}")
        try:
            document = json.loads(data)
        except ValueError:
            raise IdpUnavailableError("idp_bad_answer", f"{what} is not JSON") from None
        if not isinstance(document, dict):
            raise IdpUnavailableError("idp_bad_answer", f"{what} is not a JSON object")
        return document

    def _cached(self, url: str, what: str, *, refresh: bool = False) -> dict[str, Any]:
        now = self.clock()
        with self._lock:
            hit = self._documents.get(url)
        if hit is not None and not refresh and now - hit.fetched < CACHE_SECONDS:
            return dict(hit.value)
        document = self._get_json(url, what)
        with self._lock:
            self._documents.pop(url, None)
            if len(self._documents) >= MAX_CACHED:  # the oldest entry goes first
                self._documents.pop(next(iter(self._documents)))
            self._documents[url] = _Cached(document, now)
        return document

    # Discovery

    def discover(self, issuer: str) -> ProviderInfo:
        """The issuer's discovery document; its ``issuer`` must equal the configured one
        exactly (OpenID Connect Discovery 4.3), or a mix-up is possible."""
        url = issuer.rstrip("/") + "/.well-known/openid-configuration"
        doc = self._cached(url, "the discovery document")
        if doc.get("issuer") != issuer:
            raise IdpUnavailableError(
                "idp_issuer_mismatch",
                f"the discovery document names issuer {doc.get('issuer')!r}, not {issuer!r}",
            )
        endpoints = ("authorization_endpoint", "token_endpoint", "jwks_uri")
        missing = [k for k in endpoints if not isinstance(doc.get(k), str)]
        if missing:
            raise IdpUnavailableError(
                "idp_bad_answer", f"the discovery document lacks {', '.join(missing)}"
            )
        offered = doc.get("id_token_signing_alg_values_supported") or ["RS256"]
        algorithms = tuple(a for a in ALGORITHMS if a in offered)
        if not algorithms:
            raise IdpUnavailableError(
                "idp_bad_answer", "the IdP signs id_tokens with no algorithm Stockade accepts"
            )
        return ProviderInfo(
            issuer,
            doc["authorization_endpoint"],
            doc["token_endpoint"],
            doc["jwks_uri"],
            algorithms,
        )

    # The authorization request and the code exchange

    @staticmethod
    def new_verifier() -> str:
        """A PKCE code verifier (RFC 7636: 43 to 128 unreserved characters)."""
        return str(generate_token(64))

    @staticmethod
    def authorization_url(
        provider: ProviderInfo,
        *,
        client_id: str,
        redirect_uri: str,
        scopes: Sequence[str],
        state: str,
        nonce: str,
        code_verifier: str,
    ) -> str:
        """The IdP URL to send the browser to (code flow, PKCE S256, state and nonce)."""
        return str(
            prepare_grant_uri(
                provider.authorization_endpoint,
                client_id,
                "code",
                redirect_uri=redirect_uri,
                scope=" ".join(scopes),
                state=state,
                nonce=nonce,
                code_challenge=create_s256_code_challenge(code_verifier),
                code_challenge_method="S256",
            )
        )

    def exchange(
        self,
        provider: ProviderInfo,
        *,
        client_id: str,
        client_secret: str | None,
        redirect_uri: str,
        code: str,
        code_verifier: str,
    ) -> str:
        """Trade the authorization code for tokens at the token endpoint (client
        authentication ``client_secret_basic``, or ``none`` for a public client); returns
        the id_token, not yet validated."""
        body = prepare_token_request(
            "authorization_code", code=code, redirect_uri=redirect_uri, code_verifier=code_verifier
        )
        method = "client_secret_basic" if client_secret else "none"
        url, headers, body = ClientAuth(client_id, client_secret, method).prepare(
            "POST",
            provider.token_endpoint,
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
            },
            body,
        )
        status, answer = self._request("POST", url, "the token endpoint", headers, body)
        try:
            token = json.loads(answer)
        except ValueError:
            raise IdpUnavailableError("idp_bad_answer", "the token answer is not JSON") from None
        if not isinstance(token, dict):
            raise IdpUnavailableError("idp_bad_answer", "the token answer is not a JSON object")
        if status != 200 or "error" in token:
            reason = str(token.get("error") or f"HTTP {status}")[:100]
            detail = str(token.get("error_description") or "")[:300]
            raise SsoTokenError(
                "sso_code_rejected",
                f"the IdP refused the authorization code: {reason} {detail}".strip(),
            )
        id_token = token.get("id_token")
        if not isinstance(id_token, str):
            raise SsoTokenError("sso_token_invalid", "the token answer carries no id_token")
        return id_token

    # The id_token

    def _keys(self, provider: ProviderInfo, kid: str | None) -> KeySet:
        """The issuer's key set; re-fetched once when ``kid`` is not in the cached one."""
        document = self._cached(provider.jwks_uri, "the JWKS")
        if kid is not None and kid not in _kids(document):
            document = self._cached(provider.jwks_uri, "the JWKS", refresh=True)
        try:
            return KeySet.import_key_set(document)  # type: ignore[arg-type]
        except (JoseError, ValueError, TypeError, KeyError):
            raise IdpUnavailableError("idp_bad_answer", "the JWKS holds no usable key") from None

    def validate(
        self,
        provider: ProviderInfo,
        id_token: str,
        *,
        client_id: str,
        nonce: str,
        now: float | None = None,
    ) -> Identity:
        """The id_token's identity once signature and claims check out (see the module
        docstring); anything else is an :class:`SsoTokenError` naming the failed check."""
        try:
            header = jws.extract_compact(id_token.encode("ascii")).protected
        except (JoseError, ValueError, UnicodeError):
            raise SsoTokenError("sso_token_invalid", "the id_token is not a JWS") from None
        if header.get("alg") not in provider.algorithms:
            raise SsoTokenError(
                "sso_token_invalid", f"the id_token algorithm {header.get('alg')!r} is refused"
            )
        kid = header.get("kid")
        keys = self._keys(provider, kid if isinstance(kid, str) else None)
        if isinstance(kid, str) and kid not in {k.kid for k in keys.keys}:
            raise SsoTokenError("sso_unknown_key", f"the IdP has no key {kid!r}")
        try:
            token = jwt.decode(id_token, keys, algorithms=list(provider.algorithms))
        except BadSignatureError:
            raise SsoTokenError("sso_bad_signature", "the id_token signature is wrong") from None
        except (JoseError, ValueError):
            raise SsoTokenError("sso_token_invalid", "the id_token cannot be decoded") from None
        claims = dict(token.claims)
        moment = int(now if now is not None else self.clock())
        registry = jwt.JWTClaimsRegistry(
            now=moment,
            leeway=LEEWAY,
            iss={"essential": True, "value": provider.issuer},
            aud={"essential": True, "value": client_id},
            sub={"essential": True},
            exp={"essential": True},
            iat={"essential": True},
            nonce={"essential": True, "value": nonce},
        )
        try:
            registry.validate(claims)
        except ExpiredTokenError:
            raise SsoTokenError("sso_token_expired", "the id_token has expired") from None
        except (InvalidClaimError, MissingClaimError) as exc:
            name = getattr(exc, "claim", "") or str(exc)
            raise SsoTokenError(
                "sso_claim_invalid", f"the id_token fails the {name} check: {exc}"
            ) from None
        audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
        if len(audiences) > 1 and claims.get("azp") != client_id:
            raise SsoTokenError("sso_claim_invalid", "the id_token's azp is not this client")
        return _identity(claims)


def _kids(document: dict[str, Any]) -> set[str]:
    keys = document.get("keys")
    if not isinstance(keys, list):
        return set()
    return {str(k["kid"]) for k in keys if isinstance(k, dict) and "kid" in k}


def groups_of(claims: dict[str, Any], claim: str) -> tuple[str, ...]:
    """The group claim as strings: a list of names, or one name (IdPs do both)."""
    value = claims.get(claim)
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if isinstance(v, str | int))
    return ()


def _identity(claims: dict[str, Any]) -> Identity:
    email = claims.get("email")
    verified = claims.get("email_verified")
    return Identity(
        issuer=str(claims["iss"]),
        subject=str(claims["sub"]),
        email=email.strip().lower() if isinstance(email, str) else None,
        email_verified=verified is True or verified == "true",
        name=claims.get("name") if isinstance(claims.get("name"), str) else None,
        claims=claims,
    )

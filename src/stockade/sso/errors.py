"""The single sign-on package's refusals; the HTTP layer maps them to problem answers.

Each error carries a stable machine ``code`` and the HTTP ``status`` it stands for, so the
server maps the whole tree with one handler and never needs to know the individual
classes. A login that fails is the IdP's or the browser's doing, never the server's: none of
these is a 500.
"""

from __future__ import annotations

from stockade.core.errors import StockadeError


class SsoError(StockadeError):
    """Base: ``code`` is the stable machine code, ``status`` the HTTP status."""

    status = 400

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class SsoConfigError(SsoError):
    """A connection setting that can never be accepted (issuer URL, role, domain...)."""

    status = 422


class SsoPlanError(SsoError):
    """SSO is an Enterprise feature (``plan_required``)."""

    status = 403


class SsoNotConfiguredError(SsoError):
    """The organization has no identity provider, or not the one this endpoint serves."""

    status = 404


class SsoStateError(SsoError):
    """The callback's ``state`` is missing, unknown, expired or already used, or belongs to
    another browser or organization."""

    status = 400


class SsoRedirectError(SsoError):
    """A ``return_to``/``RelayState`` that is not a path on this server (an open redirect)."""

    status = 400


class IdpUnavailableError(SsoError):
    """The identity provider could not be reached or answered nonsense (discovery, JWKS,
    token endpoint)."""

    status = 502


class SsoTokenError(SsoError):
    """The IdP's answer failed validation: signature, issuer, audience, expiry, nonce."""

    status = 401


class SsoAccessDeniedError(SsoError):
    """A valid login the organization does not admit (not in its group, no verified
    e-mail, a leaver removed)."""

    status = 403


class SsoConflictError(SsoError):
    """The change conflicts with another organization (a domain it already verified)."""

    status = 409

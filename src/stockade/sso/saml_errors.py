"""Refusals of the SAML service provider, one stable code each.

The SAML module has no idea of HTTP: the SSO routes map a :class:`SamlError` to a
problem+json answer using ``code``. Codes are distinct so an audit entry says exactly why a
login was refused (an expired assertion and a forged one call for different follow-ups).
"""

from __future__ import annotations

from typing import Final

from stockade.core.errors import StockadeError

BAD_METADATA: Final = "saml_bad_metadata"
"""The IdP metadata XML is unusable: not XML, a DTD, no entity, no redirect SSO URL, no cert."""
MALFORMED: Final = "saml_malformed"
"""The SAMLResponse is not base64, not XML, carries a DTD/entity, or breaks the SAML schema."""
INVALID: Final = "saml_invalid"
"""A well-formed response that breaks another SAML rule (no Conditions, no bearer data, ...)."""
IDP_REFUSED: Final = "saml_idp_refused"
"""The IdP answered with a non-Success status (user not assigned to the app, cancelled, ...)."""
UNSIGNED: Final = "saml_unsigned"
"""Neither the Response nor the Assertion carries a signature, or a required one is missing."""
BAD_SIGNATURE: Final = "saml_bad_signature"
"""A signature that does not verify against the IdP certificate, or a wrapped/misplaced one."""
WRONG_ISSUER: Final = "saml_wrong_issuer"
"""The Issuer is not the configured IdP entity id."""
WRONG_AUDIENCE: Final = "saml_wrong_audience"
"""The assertion is meant for another service provider (or another organization)."""
WRONG_RECIPIENT: Final = "saml_wrong_recipient"
"""Destination or SubjectConfirmationData Recipient is not this organization's ACS URL."""
EXPIRED: Final = "saml_expired"
"""Outside the validity window (NotBefore / NotOnOrAfter, two minutes of clock skew)."""
UNEXPECTED_RESPONSE: Final = "saml_unexpected_response"
"""InResponseTo missing (unsolicited) or not the id of the request this login sent."""
REPLAYED: Final = "saml_replayed"
"""The assertion id was already used once; decided by the caller's replay store."""


class SamlError(StockadeError):
    """A SAML message or metadata refused; ``code`` is one of the constants above.

    ``message`` is safe to show and to write to the audit log: it names the rule that failed,
    never the raw XML. ``status`` follows the SSO errors' convention (``code`` + ``status``):
    bad metadata is a rejected setting (422), anything about a login is 401.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = 422 if code == BAD_METADATA else 401

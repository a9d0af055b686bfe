"""SAML 2.0 service provider: SP-initiated Web SSO for one organization's IdP.

HTTP-Redirect for the AuthnRequest, HTTP-POST for the Response. Everything cryptographic and
XML-structural is python3-saml's (``onelogin.saml2``, signatures through the ``xmlsec`` wheel):
it parses with DTDs and entities forbidden, validates the SAML schema, refuses signatures on
anything but the Response or the Assertion, duplicated IDs and references, more than one
assertion, SHA-1, and verifies the XML signature against the IdP certificate. Nothing here
verifies a signature by hand.

A response goes through the library twice. The first pass (not strict) does only the
structure and signature checks, so a forged response is reported as a signature problem
before anything it claims is looked at. Then this module reads the one verified assertion and
applies the checks where the library is looser than we want or has no notion of our clock:
exact ``Destination`` and ``Recipient`` (the library accepts a prefix or a substring),
``InResponseTo`` required and equal to the request id (the library accepts an unsolicited
response), an ``AudienceRestriction`` required, and the validity window against the caller's
``now`` with two minutes of skew. The second, strict library pass then runs every rule it
knows (schema, issuer, subject confirmation, AuthnStatement) against the system clock; being
stricter than the library never loosens it.

Replay is the caller's job, because only the caller has storage: it remembers
:attr:`SamlIdentity.assertion_id` until :attr:`SamlIdentity.replay_window_end`
(:func:`reject_replay` does this with any ``remember(id, until) -> bool`` function).

The module has no routes and no database: the SSO routes build a :class:`SamlSp` for the
organization, keep the IdP metadata XML in the organization's SSO connection, and keep the
request id next to the login state.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final
from urllib.parse import urlsplit

from cryptography import x509
from onelogin.saml2.authn_request import OneLogin_Saml2_Authn_Request
from onelogin.saml2.constants import OneLogin_Saml2_Constants
from onelogin.saml2.errors import OneLogin_Saml2_Error, OneLogin_Saml2_ValidationError
from onelogin.saml2.idp_metadata_parser import OneLogin_Saml2_IdPMetadataParser
from onelogin.saml2.response import OneLogin_Saml2_Response
from onelogin.saml2.settings import OneLogin_Saml2_Settings
from onelogin.saml2.utils import OneLogin_Saml2_Utils
from onelogin.saml2.xml_utils import OneLogin_Saml2_XML

from stockade.sso import saml_errors as codes
from stockade.sso.saml_errors import SamlError

CLOCK_SKEW: Final = timedelta(minutes=2)
"""Tolerated difference between the IdP's clock and ours, both ways."""
MAX_METADATA_BYTES: Final = 1024 * 1024
"""Federation metadata of one IdP is a few kB; more is a mistake or an attack."""
MAX_RESPONSE_CHARS: Final = 512 * 1024
"""A SAMLResponse with a few hundred group values stays far below this."""
MAX_RELAY_STATE_BYTES: Final = 80
"""SAML bindings §3.4.3: RelayState MUST NOT exceed 80 bytes."""

NAMEID_UNSPECIFIED: Final = "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified"
NAMEID_EMAIL: Final = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"
EMAIL_ATTRIBUTES: Final = (
    "email",
    "mail",
    "emailaddress",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
    "urn:oid:0.9.2342.19200300.100.1.3",
)
"""Where the e-mail is looked for, in order: Okta's usual name, LDAP-style, Entra's claim URI,
the eduPerson OID. The NameID counts only when its format says it is an e-mail address."""

_BEARER: Final = "urn:oasis:names:tc:SAML:2.0:cm:bearer"

_E = OneLogin_Saml2_ValidationError

# The library's validation codes, sorted into ours. Anything not listed is INVALID.
_LIBRARY_CODES: Final[dict[int, str]] = {
    _E.UNSUPPORTED_SAML_VERSION: codes.MALFORMED,
    _E.MISSING_ID: codes.MALFORMED,
    _E.INVALID_XML_FORMAT: codes.MALFORMED,
    _E.WRONG_NUMBER_OF_ASSERTIONS: codes.MALFORMED,
    _E.MISSING_STATUS: codes.MALFORMED,
    _E.MISSING_STATUS_CODE: codes.MALFORMED,
    _E.STATUS_CODE_IS_NOT_SUCCESS: codes.IDP_REFUSED,
    _E.NO_SIGNATURE_FOUND: codes.UNSIGNED,
    _E.NO_SIGNED_ASSERTION: codes.UNSIGNED,
    _E.NO_SIGNED_MESSAGE: codes.UNSIGNED,
    _E.INVALID_SIGNATURE: codes.BAD_SIGNATURE,
    _E.WRONG_SIGNED_ELEMENT: codes.BAD_SIGNATURE,
    _E.ID_NOT_FOUND_IN_SIGNED_ELEMENT: codes.BAD_SIGNATURE,
    _E.DUPLICATED_ID_IN_SIGNED_ELEMENTS: codes.BAD_SIGNATURE,
    _E.INVALID_SIGNED_ELEMENT: codes.BAD_SIGNATURE,
    _E.DUPLICATED_REFERENCE_IN_SIGNED_ELEMENTS: codes.BAD_SIGNATURE,
    _E.UNEXPECTED_SIGNED_ELEMENTS: codes.BAD_SIGNATURE,
    _E.WRONG_NUMBER_OF_SIGNATURES_IN_RESPONSE: codes.BAD_SIGNATURE,
    _E.WRONG_NUMBER_OF_SIGNATURES_IN_ASSERTION: codes.BAD_SIGNATURE,
    _E.WRONG_NUMBER_OF_SIGNATURES: codes.BAD_SIGNATURE,
    _E.DEPRECATED_SIGNATURE_METHOD: codes.BAD_SIGNATURE,
    _E.DEPRECATED_DIGEST_METHOD: codes.BAD_SIGNATURE,
    _E.WRONG_INRESPONSETO: codes.UNEXPECTED_RESPONSE,
    _E.ASSERTION_TOO_EARLY: codes.EXPIRED,
    _E.ASSERTION_EXPIRED: codes.EXPIRED,
    _E.SESSION_EXPIRED: codes.EXPIRED,
    _E.RESPONSE_EXPIRED: codes.EXPIRED,
    _E.WRONG_AUDIENCE: codes.WRONG_AUDIENCE,
    _E.WRONG_DESTINATION: codes.WRONG_RECIPIENT,
    _E.EMPTY_DESTINATION: codes.WRONG_RECIPIENT,
    _E.WRONG_ISSUER: codes.WRONG_ISSUER,
    _E.ISSUER_MULTIPLE_IN_RESPONSE: codes.WRONG_ISSUER,
    _E.ISSUER_NOT_FOUND_IN_ASSERTION: codes.WRONG_ISSUER,
}


@dataclass(frozen=True)
class SamlSp:
    """This service provider as one organization's IdP sees it.

    One SP per organization: the entity id names the organization, so an assertion issued
    for another organization fails the audience check. ``want_*_signed`` tighten the default
    rule "the Response or the Assertion is signed" to "this one is signed".
    """

    entity_id: str
    acs_url: str
    metadata_url: str
    want_assertions_signed: bool = False
    want_messages_signed: bool = False


@dataclass(frozen=True)
class SamlIdp:
    """What the SP needs of an IdP, read from its metadata: ``certificates`` are the signing
    certificates (base64 DER, as in metadata); several during a certificate rollover."""

    entity_id: str
    sso_url: str
    certificates: tuple[str, ...]


@dataclass(frozen=True)
class SamlIdentity:
    """The verified statements of one assertion.

    ``email`` is None when the IdP sent no e-mail attribute and the NameID is not in e-mail
    format; the caller decides whether it can provision without one. ``attributes`` maps each
    attribute Name to its values (a repeated attribute is merged), groups included.
    ``(issuer, name_id)`` is the stable link to a Stockade user; ``assertion_id`` is what a
    replay store remembers; ``not_on_or_after`` is the earliest end of validity the assertion
    states (conditions or subject confirmation).
    """

    name_id: str
    name_id_format: str | None
    email: str | None
    attributes: dict[str, list[str]]
    assertion_id: str
    not_on_or_after: datetime
    session_index: str | None
    issuer: str
    in_response_to: str

    @property
    def replay_window_end(self) -> datetime:
        """Until when the assertion id must be remembered: past this instant the assertion is
        refused as expired anyway, so a replay store may forget it."""
        return self.not_on_or_after + CLOCK_SKEW


# Stands in for an SP when metadata is checked before any organization uses it.
_PROBE_SP: Final = SamlSp(
    "https://sp.invalid/metadata", "https://sp.invalid/acs", "https://sp.invalid/metadata"
)


def sp_for(public_base_url: str, organization_id: str) -> SamlSp:
    """The SP of one organization at its stable URLs.

    The organization *id* (not the slug, which can be renamed) is in the URLs, because the
    entity id and ACS URL are pasted into the IdP once and must never change. The metadata
    URL doubles as the entity id, the usual convention that lets an IdP fetch it.
    """
    base = public_base_url.rstrip("/") + f"/api/v1/auth/sso/{organization_id}/saml"
    return SamlSp(
        entity_id=f"{base}/metadata", acs_url=f"{base}/acs", metadata_url=f"{base}/metadata"
    )


def _web_url(url: str) -> bool:
    """An absolute http(s) URL with a host (a malformed one, e.g. an unclosed IPv6 "[", is
    not)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def parse_idp_metadata(xml: str | bytes) -> SamlIdp:
    """Read an IdP's metadata XML (what an admin downloads from Okta or Entra).

    Refused (``saml_bad_metadata``): not XML, a DTD or entity declaration, no IDPSSODescriptor,
    no HTTP-Redirect SingleSignOnService, no signing certificate or one that is not X.509, and
    an IdP that demands signed AuthnRequests (we send them unsigned, so every login would fail).
    """
    raw = xml.encode() if isinstance(xml, str) else xml
    if len(raw) > MAX_METADATA_BYTES:
        raise SamlError(codes.BAD_METADATA, "the IdP metadata is larger than 1 MiB")
    try:
        data = OneLogin_Saml2_IdPMetadataParser.parse(raw)
    except Exception as exc:  # lxml syntax errors, DTDForbidden, EntitiesForbidden, ...
        raise SamlError(
            codes.BAD_METADATA, f"the IdP metadata is not usable XML ({type(exc).__name__})"
        ) from exc
    idp: dict[str, Any] = data.get("idp") or {}
    entity_id = idp.get("entityId")
    if not entity_id:
        raise SamlError(
            codes.BAD_METADATA, "the metadata has no EntityDescriptor with an IDPSSODescriptor"
        )
    sso_url = (idp.get("singleSignOnService") or {}).get("url")
    if not sso_url or not _web_url(sso_url):
        raise SamlError(codes.BAD_METADATA, "the IdP has no HTTP-Redirect SingleSignOnService URL")
    if (data.get("security") or {}).get("authnRequestsSigned"):
        raise SamlError(
            codes.BAD_METADATA,
            "the IdP requires signed AuthnRequests (WantAuthnRequestsSigned); turn that off for this application",
        )
    multi = (idp.get("x509certMulti") or {}).get("signing")
    certificates = tuple(multi) if multi else ((idp["x509cert"],) if idp.get("x509cert") else ())
    if not certificates:
        raise SamlError(codes.BAD_METADATA, "the IdP metadata has no signing certificate")
    for cert in certificates:
        try:
            x509.load_der_x509_certificate(base64.b64decode(cert, validate=True))
        except (ValueError, binascii.Error) as exc:
            raise SamlError(
                codes.BAD_METADATA, "an IdP signing certificate is not a valid X.509 certificate"
            ) from exc
    parsed = SamlIdp(entity_id=str(entity_id), sso_url=str(sso_url), certificates=certificates)
    _settings(_PROBE_SP, parsed, strict=True)  # what the library refuses, refuse at import time
    return parsed


def sp_metadata_xml(sp: SamlSp) -> str:
    """The SP metadata served at ``sp.metadata_url``: entity id, the ACS (HTTP-POST) and
    WantAssertionsSigned. No key: AuthnRequests go unsigned and assertions unencrypted."""
    settings = OneLogin_Saml2_Settings(
        _settings_dict(sp, None, strict=True), sp_validation_only=True
    )
    metadata = settings.get_sp_metadata()
    errors = settings.validate_metadata(metadata)
    if errors:  # our own settings produced it: a bug, not a client mistake
        raise RuntimeError(f"SP metadata does not validate: {errors}")
    return metadata.decode() if isinstance(metadata, bytes) else str(metadata)


def authn_request(sp: SamlSp, idp: SamlIdp, relay_state: str) -> tuple[str, str]:
    """``(redirect_url, request_id)`` for the HTTP-Redirect binding.

    The caller stores ``request_id`` with the login state and passes it back to
    :func:`parse_response` as ``expected_request_id``. ``relay_state`` should be an opaque key
    of that state (never a URL: the return path stays server-side, so it cannot be swapped
    for an off-site one); at most 80 bytes.
    """
    if len(relay_state.encode()) > MAX_RELAY_STATE_BYTES:
        raise ValueError("RelayState is limited to 80 bytes")
    request = OneLogin_Saml2_Authn_Request(_settings(sp, idp, strict=True))
    parameters = {"SAMLRequest": request.get_request(deflate=True)}
    if relay_state:
        parameters["RelayState"] = relay_state
    return str(OneLogin_Saml2_Utils.redirect(idp.sso_url, parameters)), str(request.get_id())


def parse_response(
    sp: SamlSp,
    idp: SamlIdp,
    saml_response: str,
    *,
    expected_request_id: str,
    now: datetime,
) -> SamlIdentity:
    """Verify the POSTed ``SAMLResponse`` form value and return who logged in.

    Only SP-initiated logins are accepted: ``expected_request_id`` is the id
    :func:`authn_request` returned for this browser's login state. ``now`` must be aware.
    Every refusal is a :class:`SamlError`; replay is checked by the caller
    (:func:`reject_replay`).
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    xml = _decode(saml_response)
    encoded = base64.b64encode(xml).decode()

    # Pass 1: structure and signatures only, so a forgery is named as one.
    loose = _library_response(_settings(sp, idp, strict=False), encoded)
    _run(loose, sp, expected_request_id)
    document = loose.get_xml_document()
    assertion = _the_assertion(document)

    # Our checks on the verified assertion, against the caller's clock.
    _check_audience(assertion, sp)
    _check_in_response_to(document, expected_request_id)
    _check_destination(document, sp)
    confirmation_expiry = _check_subject_confirmation(assertion, sp, expected_request_id, now)
    conditions_expiry = _check_conditions(assertion, now)

    # Pass 2: every rule the library knows, strict.
    strict = _library_response(_settings(sp, idp, strict=True), encoded)
    _run(strict, sp, expected_request_id)

    expiry = min(t for t in (confirmation_expiry, conditions_expiry) if t is not None)
    return _identity(strict, idp, expected_request_id, expiry)


def reject_replay(identity: SamlIdentity, remember: Callable[[str, datetime], bool]) -> None:
    """Refuse an assertion seen before. ``remember(assertion_id, until)`` records the id and
    answers False when it was already there (e.g. ``sso.states.remember_assertion``).

    The id is namespaced by the issuer: ids are unique per IdP, not across IdPs.
    """
    if not remember(f"saml:{identity.issuer}:{identity.assertion_id}", identity.replay_window_end):
        raise SamlError(codes.REPLAYED, "this SAML assertion was already used")


# -- settings ---------------------------------------------------------------------------------


def _settings_dict(sp: SamlSp, idp: SamlIdp | None, *, strict: bool) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "strict": strict,
        "debug": False,
        "sp": {
            "entityId": sp.entity_id,
            "assertionConsumerService": {
                "url": sp.acs_url,
                "binding": OneLogin_Saml2_Constants.BINDING_HTTP_POST,
            },
            "NameIDFormat": NAMEID_UNSPECIFIED,
        },
        "security": {
            "authnRequestsSigned": False,
            "logoutRequestSigned": False,
            "logoutResponseSigned": False,
            "signMetadata": False,
            "nameIdEncrypted": False,
            "wantAssertionsEncrypted": False,
            "wantNameIdEncrypted": False,
            "wantMessagesSigned": sp.want_messages_signed,
            "wantAssertionsSigned": sp.want_assertions_signed,
            "wantNameId": True,
            # E-mail may come as the NameID; groups are optional.
            "wantAttributeStatement": False,
            # Let the IdP choose how the user authenticates (MFA, passkeys, ...).
            "requestedAuthnContext": False,
            "failOnAuthnContextMismatch": False,
            "allowRepeatAttributeName": True,
            "rejectDeprecatedAlgorithm": True,
            "wantXMLValidation": True,
            "allowSingleLabelDomains": True,
            "rejectUnsolicitedResponsesWithInResponseTo": True,
        },
    }
    if idp is not None:
        settings["idp"] = {
            "entityId": idp.entity_id,
            "singleSignOnService": {
                "url": idp.sso_url,
                "binding": OneLogin_Saml2_Constants.BINDING_HTTP_REDIRECT,
            },
            "x509cert": idp.certificates[0],
        }
        if len(idp.certificates) > 1:
            settings["idp"]["x509certMulti"] = {"signing": list(idp.certificates)}
    return settings


def _settings(sp: SamlSp, idp: SamlIdp, *, strict: bool) -> OneLogin_Saml2_Settings:
    try:
        return OneLogin_Saml2_Settings(_settings_dict(sp, idp, strict=strict))
    except OneLogin_Saml2_Error as exc:  # e.g. an SSO URL the library does not accept
        raise SamlError(codes.BAD_METADATA, f"the SAML settings are not usable: {exc}") from exc


def _request_data(sp: SamlSp) -> dict[str, Any]:
    """The library derives "the URL this response was posted to" from a request dict; ours
    is always the configured ACS URL (behind a proxy the real request URL may differ)."""
    url = urlsplit(sp.acs_url)
    return {
        "https": "on" if url.scheme == "https" else "off",
        "http_host": url.netloc,
        "script_name": url.path,
        "get_data": {},
        "post_data": {},
    }


# -- the response -----------------------------------------------------------------------------


def _decode(saml_response: str) -> bytes:
    if len(saml_response) > MAX_RESPONSE_CHARS:
        raise SamlError(codes.MALFORMED, "the SAMLResponse is too large")
    compact = "".join(saml_response.split())  # IdPs may wrap the base64 in lines
    try:
        xml = base64.b64decode(compact, validate=True)
    except (ValueError, binascii.Error) as exc:
        raise SamlError(codes.MALFORMED, "the SAMLResponse is not base64") from exc
    if not xml:
        raise SamlError(codes.MALFORMED, "the SAMLResponse is empty")
    return xml


def _library_response(settings: OneLogin_Saml2_Settings, encoded: str) -> OneLogin_Saml2_Response:
    try:
        return OneLogin_Saml2_Response(settings, encoded)
    except Exception as exc:  # XMLSyntaxError, DTDForbidden, EntitiesForbidden, ...
        raise SamlError(
            codes.MALFORMED, f"the SAMLResponse is not acceptable XML ({type(exc).__name__})"
        ) from exc


def _run(response: OneLogin_Saml2_Response, sp: SamlSp, request_id: str) -> None:
    try:
        response.is_valid(_request_data(sp), request_id, raise_exceptions=True)
    except OneLogin_Saml2_ValidationError as exc:
        raise SamlError(_LIBRARY_CODES.get(exc.code, codes.INVALID), _message(exc)) from exc
    except OneLogin_Saml2_Error as exc:
        raise SamlError(codes.BAD_SIGNATURE, _message(exc)) from exc
    except Exception as exc:  # an XPath or xmlsec error on hostile input
        raise SamlError(
            codes.MALFORMED, f"the SAMLResponse could not be processed ({type(exc).__name__})"
        ) from exc


def _message(exc: Exception) -> str:
    text = str(exc).split(". SAML Response rejected")[0]
    return text[:300]


def _the_assertion(document: Any) -> Any:
    """After the library's checks the document holds exactly one assertion, directly under
    the Response, and it is the signed one (or inside the signed Response)."""
    nodes = OneLogin_Saml2_XML.query(document, "/samlp:Response/saml:Assertion")
    if len(nodes) != 1:
        raise SamlError(codes.MALFORMED, "the Response must contain exactly one Assertion")
    return nodes[0]


def _check_in_response_to(document: Any, expected_request_id: str) -> None:
    in_response_to = document.get("InResponseTo")
    if not in_response_to:
        raise SamlError(
            codes.UNEXPECTED_RESPONSE, "unsolicited response: only logins started here are accepted"
        )
    if in_response_to != expected_request_id:
        raise SamlError(codes.UNEXPECTED_RESPONSE, "the response answers another login request")


def _check_destination(document: Any, sp: SamlSp) -> None:
    destination = document.get("Destination")
    if destination is not None and destination != sp.acs_url:
        raise SamlError(
            codes.WRONG_RECIPIENT, "the response's Destination is not this organization's ACS URL"
        )


def _check_audience(assertion: Any, sp: SamlSp) -> None:
    audiences = [
        (node.text or "").strip()
        for node in OneLogin_Saml2_XML.query(
            assertion, "./saml:Conditions/saml:AudienceRestriction/saml:Audience"
        )
    ]
    if sp.entity_id not in audiences:
        raise SamlError(
            codes.WRONG_AUDIENCE,
            "the assertion is not addressed to this organization's service provider",
        )


def _check_subject_confirmation(
    assertion: Any, sp: SamlSp, expected_request_id: str, now: datetime
) -> datetime:
    """The bearer confirmation addressed to our ACS URL: its InResponseTo and validity."""
    data = [
        node
        for node in OneLogin_Saml2_XML.query(
            assertion,
            "./saml:Subject/saml:SubjectConfirmation[@Method=$tagid]/saml:SubjectConfirmationData",
            None,
            _BEARER,
        )
        if node.get("Recipient") == sp.acs_url
    ]
    if not data:
        raise SamlError(
            codes.WRONG_RECIPIENT,
            "no bearer SubjectConfirmation names this organization's ACS URL as Recipient",
        )
    confirmation = data[0]
    in_response_to = confirmation.get("InResponseTo")
    if in_response_to is not None and in_response_to != expected_request_id:
        raise SamlError(
            codes.UNEXPECTED_RESPONSE, "the subject confirmation answers another login request"
        )
    not_on_or_after = _time(confirmation.get("NotOnOrAfter"))
    if not_on_or_after is None:
        raise SamlError(codes.INVALID, "the bearer SubjectConfirmationData has no NotOnOrAfter")
    _check_window(_time(confirmation.get("NotBefore")), not_on_or_after, now)
    return not_on_or_after


def _check_conditions(assertion: Any, now: datetime) -> datetime | None:
    nodes = OneLogin_Saml2_XML.query(assertion, "./saml:Conditions")
    if len(nodes) != 1:
        raise SamlError(codes.INVALID, "the assertion must have one Conditions element")
    not_on_or_after = _time(nodes[0].get("NotOnOrAfter"))
    _check_window(_time(nodes[0].get("NotBefore")), not_on_or_after, now)
    return not_on_or_after


def _check_window(
    not_before: datetime | None, not_on_or_after: datetime | None, now: datetime
) -> None:
    if not_before is not None and now < not_before - CLOCK_SKEW:
        raise SamlError(codes.EXPIRED, "the assertion is not valid yet (check the clocks)")
    if not_on_or_after is not None and now >= not_on_or_after + CLOCK_SKEW:
        raise SamlError(codes.EXPIRED, "the assertion has expired")


def _time(value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        seconds = OneLogin_Saml2_Utils.parse_SAML_to_time(value)
    except Exception as exc:  # the library raises a bare Exception for a bad timestamp
        raise SamlError(codes.MALFORMED, "a SAML timestamp is not in xs:dateTime UTC form") from exc
    return datetime.fromtimestamp(int(seconds), tz=UTC)


def _identity(
    response: OneLogin_Saml2_Response, idp: SamlIdp, request_id: str, expiry: datetime
) -> SamlIdentity:
    try:
        name_id = str(response.get_nameid())
        name_id_format = response.get_nameid_format()
        raw_attributes: dict[str, list[Any]] = response.get_attributes()
        assertion_id = response.get_assertion_id()
        session_index = response.get_session_index()
    except OneLogin_Saml2_ValidationError as exc:
        raise SamlError(codes.INVALID, _message(exc)) from exc
    if not assertion_id:
        raise SamlError(codes.MALFORMED, "the assertion has no ID")
    attributes = {
        name: [v for v in values if isinstance(v, str)] for name, values in raw_attributes.items()
    }
    return SamlIdentity(
        name_id=name_id,
        name_id_format=str(name_id_format) if name_id_format else None,
        email=_email(attributes, name_id, name_id_format),
        attributes=attributes,
        assertion_id=str(assertion_id),
        not_on_or_after=expiry,
        session_index=str(session_index) if session_index else None,
        issuer=idp.entity_id,
        in_response_to=request_id,
    )


def _email(
    attributes: dict[str, list[str]], name_id: str, name_id_format: str | None
) -> str | None:
    lowered = {name.lower(): values for name, values in attributes.items()}
    for name in EMAIL_ATTRIBUTES:
        values = lowered.get(name.lower())
        if values and "@" in values[0]:
            return values[0].strip()
    if name_id_format == NAMEID_EMAIL and "@" in name_id:
        return name_id.strip()
    return None

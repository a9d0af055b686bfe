"""The SAML service provider (stockade.sso.saml) against a real pysaml2 IdP on loopback.

Every response here is produced and signed by pysaml2 with xmlsec1 (tests/saml_idp.py); the
attacks edit that signed XML with lxml the way an attacker holding one genuine response would.
Each refusal is checked for its code, and no refused response ever yields an identity.
"""

from __future__ import annotations

import base64
import copy
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from lxml import etree

from saml_idp import SHA1, STATUS_REQUEST_DENIED, SamlTestIdp, User, read_form, serve_idp
from stockade.sso import saml
from stockade.sso.saml import SamlIdentity, SamlIdp, SamlSp
from stockade.sso.saml_errors import SamlError

NS = {
    "samlp": "urn:oasis:names:tc:SAML:2.0:protocol",
    "saml": "urn:oasis:names:tc:SAML:2.0:assertion",
    "ds": "http://www.w3.org/2000/09/xmldsig#",
}
REQUEST_ID = "ONELOGIN_" + "a1" * 20
EVIL = "mallory@evil.test"

SP = saml.sp_for("https://stockade.example.test", "org-1")
OTHER_ORG = saml.sp_for("https://stockade.example.test", "org-2")


@pytest.fixture(scope="module")
def idp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SamlTestIdp]:
    """One IdP for the module (a pysaml2 server costs a second to build); tests that need a
    different user or flaw say so in the ``issue`` call, never by changing the IdP."""
    with serve_idp(tmp_path_factory.mktemp("idp")) as running:
        running.trust_sp(saml.sp_metadata_xml(SP))
        yield running


@pytest.fixture(scope="module")
def idp_config(idp: SamlTestIdp) -> SamlIdp:
    return saml.parse_idp_metadata(httpx.get(f"{idp.base_url}/metadata").text)


def _good(**overrides: Any) -> dict[str, Any]:
    return {
        "audience": SP.entity_id,
        "recipient": SP.acs_url,
        "in_response_to": REQUEST_ID,
    } | overrides


def _parse(
    idp_config: SamlIdp,
    saml_response: str,
    *,
    sp: SamlSp = SP,
    now: datetime | None = None,
    request_id: str = REQUEST_ID,
) -> SamlIdentity:
    return saml.parse_response(
        sp, idp_config, saml_response, expected_request_id=request_id, now=now or datetime.now(UTC)
    )


def _refused(code: str, call: Callable[[], object]) -> SamlError:
    with pytest.raises(SamlError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    assert caught.value.status == (422 if code == "saml_bad_metadata" else 401)
    return caught.value


def _b64(xml: bytes | str) -> str:
    return base64.b64encode(xml.encode() if isinstance(xml, str) else xml).decode()


# -- the whole SP-initiated flow over HTTP -----------------------------------------------------


def test_sp_initiated_login_over_http(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    url, request_id = saml.authn_request(SP, idp_config, "st-1234")
    assert url.startswith(idp.sso_url + "?")
    query = parse_qs(urlsplit(url).query)
    assert query["RelayState"] == ["st-1234"]

    page = httpx.get(url)  # the browser follows the redirect; pysaml2 parses the request
    assert page.status_code == 200, page.text
    action, fields = read_form(page.text)
    assert action == SP.acs_url
    assert fields["RelayState"] == "st-1234"
    assert idp.last_request_id == request_id

    identity = _parse(idp_config, fields["SAMLResponse"], request_id=request_id)
    assert identity.name_id == "ada@example.test"
    assert identity.email == "ada@example.test"
    assert identity.attributes["groups"] == ["engineering", "stockade-admins"]
    assert identity.issuer == idp.entity_id
    assert identity.in_response_to == request_id
    assert identity.session_index
    assert identity.assertion_id
    now = datetime.now(UTC)
    assert now < identity.not_on_or_after <= now + timedelta(minutes=5, seconds=5)
    assert identity.replay_window_end == identity.not_on_or_after + saml.CLOCK_SKEW


def test_idp_metadata_is_read(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    assert idp_config.entity_id == idp.entity_id
    assert idp_config.sso_url == idp.sso_url
    assert idp_config.certificates == (idp.certificate_b64,)


def test_sp_metadata_is_understood_by_another_implementation(idp: SamlTestIdp) -> None:
    # trust_sp loaded our metadata into pysaml2: ask it what it read.
    acs = idp.server.metadata.assertion_consumer_service(SP.entity_id)
    assert [(a["location"], a["binding"]) for a in acs] == [
        (SP.acs_url, "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST")
    ]
    strict = SamlSp(SP.entity_id, SP.acs_url, SP.metadata_url, want_assertions_signed=True)
    assert 'WantAssertionsSigned="true"' in saml.sp_metadata_xml(strict)


def test_sp_urls_are_stable_per_organization() -> None:
    assert SP.acs_url == "https://stockade.example.test/api/v1/auth/sso/org-1/saml/acs"
    assert (
        SP.entity_id
        == SP.metadata_url
        == "https://stockade.example.test/api/v1/auth/sso/org-1/saml/metadata"
    )
    assert saml.sp_for("https://stockade.example.test/", "org-1") == SP


def test_relay_state_is_limited_to_80_bytes(idp_config: SamlIdp) -> None:
    with pytest.raises(ValueError, match="80 bytes"):
        saml.authn_request(SP, idp_config, "x" * 81)
    url, _ = saml.authn_request(SP, idp_config, "")
    assert "RelayState" not in parse_qs(urlsplit(url).query)


# -- accepted variations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sign_response", "sign_assertion"), [(True, False), (False, True), (True, True)]
)
def test_a_signed_response_or_a_signed_assertion_is_enough(
    idp: SamlTestIdp, idp_config: SamlIdp, sign_response: bool, sign_assertion: bool
) -> None:
    identity = _parse(
        idp_config, idp.issue(**_good(sign_response=sign_response, sign_assertion=sign_assertion))
    )
    assert identity.email == "ada@example.test"


def test_the_email_comes_from_the_nameid_only_in_email_format(
    idp: SamlTestIdp, idp_config: SamlIdp
) -> None:
    as_nameid = User(name_id="bob@example.test", attributes={"groups": ["eng"]})
    assert _parse(idp_config, idp.issue(**_good(user=as_nameid))).email == "bob@example.test"
    opaque = User(
        name_id="00u1abcd",
        name_id_format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
        attributes={"groups": ["eng"]},
    )
    identity = _parse(idp_config, idp.issue(**_good(user=opaque)))
    assert identity.email is None
    assert identity.name_id == "00u1abcd"
    entra = User(
        name_id="00u1abcd",
        name_id_format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
        attributes={
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": [
                "Eve@Example.test"
            ]
        },
    )
    assert _parse(idp_config, idp.issue(**_good(user=entra))).email == "Eve@Example.test"


def test_certificate_rollover_accepts_either_certificate(
    idp: SamlTestIdp, idp_config: SamlIdp, tmp_path: Path
) -> None:
    with serve_idp(tmp_path / "next") as next_key:
        both = SamlIdp(idp.entity_id, idp.sso_url, (next_key.certificate_b64, idp.certificate_b64))
        assert _parse(both, idp.issue(**_good())).email == "ada@example.test"
        forged_by_new = next_key.issue(**_good(issuer=idp.entity_id))
        assert _parse(both, forged_by_new).email == "ada@example.test"


def test_clock_skew_of_two_minutes_against_the_callers_clock(
    idp: SamlTestIdp, idp_config: SamlIdp
) -> None:
    response = idp.issue(**_good(lifetime=timedelta(minutes=5), not_before=timedelta(minutes=-1)))
    issued = datetime.now(UTC)
    # Valid until issued+5 min; two minutes of skew accept until issued+7 min.
    assert _parse(idp_config, response, now=issued + timedelta(minutes=6, seconds=30))
    _refused(
        "saml_expired",
        lambda: _parse(idp_config, response, now=issued + timedelta(minutes=7, seconds=5)),
    )
    # Not before issued-1 min; skew accepts from issued-3 min.
    assert _parse(idp_config, response, now=issued - timedelta(minutes=2, seconds=30))
    _refused(
        "saml_expired",
        lambda: _parse(idp_config, response, now=issued - timedelta(minutes=3, seconds=10)),
    )


# -- refusals ---------------------------------------------------------------------------------


def test_unsigned_response_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    _refused(
        "saml_unsigned",
        lambda: _parse(idp_config, idp.issue(**_good(sign_response=False, sign_assertion=False))),
    )


def test_signature_stripped_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    root = etree.fromstring(idp.issue_xml(**_good(sign_response=False)).encode())
    for signature in root.findall(".//ds:Signature", NS):
        signature.getparent().remove(signature)
    _refused("saml_unsigned", lambda: _parse(idp_config, _b64(etree.tostring(root))))


def test_required_assertion_signature_is_enforced(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    strict = SamlSp(SP.entity_id, SP.acs_url, SP.metadata_url, want_assertions_signed=True)
    response = idp.issue(**_good(sign_assertion=False))
    _refused("saml_unsigned", lambda: _parse(idp_config, response, sp=strict))
    strict_messages = SamlSp(SP.entity_id, SP.acs_url, SP.metadata_url, want_messages_signed=True)
    _refused(
        "saml_unsigned",
        lambda: _parse(idp_config, idp.issue(**_good(sign_response=False)), sp=strict_messages),
    )


def test_signed_by_another_key_is_refused(
    idp: SamlTestIdp, idp_config: SamlIdp, tmp_path: Path
) -> None:
    impostor = SamlTestIdp(tmp_path / "impostor", idp.base_url, entity_id=idp.entity_id)
    for sign in (
        {"sign_response": True, "sign_assertion": False},
        {"sign_response": False, "sign_assertion": True},
    ):
        forged = impostor.issue(**_good(**sign))
        _refused("saml_bad_signature", lambda forged=forged: _parse(idp_config, forged))


def test_tampered_content_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    root = etree.fromstring(idp.issue_xml(**_good(sign_response=False)).encode())
    root.find(".//saml:Assertion/saml:Subject/saml:NameID", NS).text = EVIL
    _refused("saml_bad_signature", lambda: _parse(idp_config, _b64(etree.tostring(root))))


def test_sha1_signatures_are_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    weak = idp.issue(**_good(**SHA1))
    _refused("saml_bad_signature", lambda: _parse(idp_config, weak))


def test_wrong_audience_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good(audience="https://some-other-app.example.test"))
    _refused("saml_wrong_audience", lambda: _parse(idp_config, response))


def test_assertion_for_another_organization_is_refused(
    idp: SamlTestIdp, idp_config: SamlIdp
) -> None:
    for_org2 = idp.issue(**_good(audience=OTHER_ORG.entity_id, recipient=OTHER_ORG.acs_url))
    assert _parse(idp_config, for_org2, sp=OTHER_ORG).email  # genuine for org 2 ...
    err = _refused("saml_wrong_audience", lambda: _parse(idp_config, for_org2))  # ... not for org 1
    assert "org-2" not in err.message


def test_expired_response_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    old = idp.issue(**_good(issued_at=datetime.now(UTC) - timedelta(hours=1)))
    _refused("saml_expired", lambda: _parse(idp_config, old))


def test_response_from_the_future_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    early = idp.issue(
        **_good(issued_at=datetime.now(UTC) + timedelta(minutes=10), not_before=timedelta(0))
    )
    _refused("saml_expired", lambda: _parse(idp_config, early))


@pytest.mark.parametrize(
    "overrides",
    [
        {"recipient": "https://evil.test/acs", "destination": SP.acs_url},
        # The library alone accepts a Recipient that merely contains the ACS URL ...
        {"recipient": "https://evil.test/?next=" + SP.acs_url, "destination": SP.acs_url},
        # ... and a Destination that merely starts with it.
        {"destination": SP.acs_url + "-elsewhere"},
        {"destination": "https://evil.test/acs"},
    ],
)
def test_wrong_recipient_or_destination_is_refused(
    idp: SamlTestIdp, idp_config: SamlIdp, overrides: dict[str, str]
) -> None:
    response = idp.issue(**_good(**overrides))
    _refused("saml_wrong_recipient", lambda: _parse(idp_config, response))


def test_in_response_to_mismatch_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good(in_response_to="ONELOGIN_" + "b2" * 20))
    _refused("saml_unexpected_response", lambda: _parse(idp_config, response))


def test_unsolicited_response_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good(in_response_to=None))
    _refused("saml_unexpected_response", lambda: _parse(idp_config, response))


def test_wrong_issuer_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good(issuer="https://another-idp.example.test"))
    _refused("saml_wrong_issuer", lambda: _parse(idp_config, response))


def test_idp_error_status_is_refused(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good(status=STATUS_REQUEST_DENIED))
    _refused("saml_idp_refused", lambda: _parse(idp_config, response))


@pytest.mark.parametrize(
    "value", ["not base64 at all!", _b64("this is not XML"), _b64(""), "", "A" * (600 * 1024)]
)
def test_garbage_is_refused(idp_config: SamlIdp, value: str) -> None:
    _refused("saml_malformed", lambda: _parse(idp_config, value))


def test_replayed_assertion_is_seen_by_the_caller(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    response = idp.issue(**_good())
    seen: dict[str, datetime] = {}

    def remember(key: str, until: datetime) -> bool:
        if key in seen:
            return False
        seen[key] = until
        return True

    first = _parse(idp_config, response)
    saml.reject_replay(first, remember)
    second = _parse(idp_config, response)  # the signature is still valid ...
    assert second.assertion_id == first.assertion_id  # ... and the caller sees the same id
    _refused("saml_replayed", lambda: saml.reject_replay(second, remember))
    assert list(seen.values()) == [first.replay_window_end]
    # A fresh login (new assertion id) passes the same store.
    saml.reject_replay(_parse(idp_config, idp.issue(**_good())), remember)
    assert len(seen) == 2


# -- XML signature wrapping ------------------------------------------------------------------------


def _signed_doc(idp: SamlTestIdp, *, response: bool, assertion: bool) -> etree._Element:
    return etree.fromstring(
        idp.issue_xml(**_good(sign_response=response, sign_assertion=assertion)).encode()
    )


def _evil_assertion(original: etree._Element, *, new_id: bool = True) -> etree._Element:
    """An unsigned copy of ``original`` claiming to be mallory."""
    evil = copy.deepcopy(original)
    for signature in evil.findall("ds:Signature", NS):
        evil.remove(signature)
    if new_id:
        evil.set("ID", "_evil" + original.get("ID"))
    evil.find("saml:Subject/saml:NameID", NS).text = EVIL
    for value in evil.iterfind(".//saml:AttributeValue", NS):
        if value.text == "ada@example.test":
            value.text = EVIL
    return evil


def _assertion(root: etree._Element) -> etree._Element:
    return root.find("saml:Assertion", NS)


def _xsw1(idp: SamlTestIdp) -> etree._Element:
    """Response signature: an evil unsigned Response at the root; the signed original moved
    inside the copied Signature element, where the reference still finds it."""
    original = _signed_doc(idp, response=True, assertion=False)
    evil = copy.deepcopy(original)
    evil.set("ID", "_evil" + original.get("ID"))
    signature = evil.find("ds:Signature", NS)
    evil.replace(_assertion(evil), _evil_assertion(_assertion(original)))
    original.remove(original.find("ds:Signature", NS))
    signature.append(original)
    return evil


def _xsw2(idp: SamlTestIdp) -> etree._Element:
    """As XSW1, but the signed original sits beside the signature (detached)."""
    original = _signed_doc(idp, response=True, assertion=False)
    evil = copy.deepcopy(original)
    evil.set("ID", "_evil" + original.get("ID"))
    signature = evil.find("ds:Signature", NS)
    evil.replace(_assertion(evil), _evil_assertion(_assertion(original)))
    original.remove(original.find("ds:Signature", NS))
    signature.addprevious(original)
    return evil


def _xsw3(idp: SamlTestIdp) -> etree._Element:
    """Assertion signature: an evil assertion inserted before the signed one."""
    root = _signed_doc(idp, response=False, assertion=True)
    _assertion(root).addprevious(_evil_assertion(_assertion(root)))
    return root


def _xsw4(idp: SamlTestIdp) -> etree._Element:
    """The signed assertion moved inside the evil one."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed)
    root.replace(signed, evil)
    evil.append(signed)
    return root


def _xsw5(idp: SamlTestIdp) -> etree._Element:
    """The evil assertion carries the original signature; the original, unsigned, comes after."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed)
    signature = signed.find("ds:Signature", NS)
    signed.remove(signature)
    evil.find("saml:Issuer", NS).addnext(signature)
    root.replace(signed, evil)
    root.append(signed)
    return root


def _xsw6(idp: SamlTestIdp) -> etree._Element:
    """The evil assertion carries the signature, with the signed original inside it."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed)
    signature = signed.find("ds:Signature", NS)
    signed.remove(signature)
    evil.find("saml:Issuer", NS).addnext(signature)
    root.replace(signed, evil)
    signature.append(signed)
    return root


def _xsw7(idp: SamlTestIdp) -> etree._Element:
    """The signed assertion hidden in an Extensions element; the evil one in its place."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    extensions = etree.Element(f"{{{NS['samlp']}}}Extensions")
    root.replace(signed, _evil_assertion(signed))
    root.find("saml:Issuer", NS).addnext(extensions)
    extensions.append(signed)
    return root


def _xsw8(idp: SamlTestIdp) -> etree._Element:
    """The evil assertion carries the signature; the original sits in a ds:Object inside it."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed)
    signature = signed.find("ds:Signature", NS)
    signed.remove(signature)
    evil.find("saml:Issuer", NS).addnext(signature)
    root.replace(signed, evil)
    holder = etree.SubElement(signature, f"{{{NS['ds']}}}Object")
    holder.append(signed)
    return root


def _duplicate_id_before(idp: SamlTestIdp) -> etree._Element:
    """An evil assertion with the SAME ID as the signed one, placed first."""
    root = _signed_doc(idp, response=False, assertion=True)
    _assertion(root).addprevious(_evil_assertion(_assertion(root), new_id=False))
    return root


def _duplicate_id_replaced(idp: SamlTestIdp) -> etree._Element:
    """The signed assertion replaced by an evil one with its ID, the original parked in the
    response's Extensions for the reference to find."""
    root = _signed_doc(idp, response=True, assertion=False)
    signed = _assertion(root)
    extensions = etree.Element(f"{{{NS['samlp']}}}Extensions")
    root.replace(signed, _evil_assertion(signed, new_id=False))
    root.find("saml:Issuer", NS).addnext(extensions)
    moved = copy.deepcopy(root)  # the whole signed response, re-hidden under the same ID
    extensions.append(moved)
    return root


def _both_signed_assertion_swapped(idp: SamlTestIdp) -> etree._Element:
    """Response and Assertion signed: the evil assertion placed after the signed one."""
    root = _signed_doc(idp, response=True, assertion=True)
    _assertion(root).addnext(_evil_assertion(_assertion(root)))
    return root


# The variants below keep a single assertion, so the one-assertion rule that stops every
# classic variant above cannot be what refuses them: the signature checks must.


def _signature_moved_to_evil(idp: SamlTestIdp) -> etree._Element:
    """The signed assertion replaced by an evil one (new ID) carrying its signature."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed)
    evil.find("saml:Issuer", NS).addnext(signed.find("ds:Signature", NS))
    root.replace(signed, evil)
    return root


def _same_id_with_signature(idp: SamlTestIdp) -> etree._Element:
    """The signed assertion replaced by an evil one with the same ID and the same signature."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    evil = _evil_assertion(signed, new_id=False)
    evil.find("saml:Issuer", NS).addnext(signed.find("ds:Signature", NS))
    root.replace(signed, evil)
    return root


def _signature_in_extensions(idp: SamlTestIdp) -> etree._Element:
    """An unsigned evil assertion; the genuine assertion signature parked in Extensions."""
    root = _signed_doc(idp, response=False, assertion=True)
    signed = _assertion(root)
    extensions = etree.Element(f"{{{NS['samlp']}}}Extensions")
    extensions.append(signed.find("ds:Signature", NS))
    root.find("saml:Issuer", NS).addnext(extensions)
    root.replace(signed, _evil_assertion(signed))
    return root


def _signed_response_evil_assertion(idp: SamlTestIdp) -> etree._Element:
    """Response signed: its assertion swapped for an evil one under the same IDs."""
    root = _signed_doc(idp, response=True, assertion=False)
    signed = _assertion(root)
    root.replace(signed, _evil_assertion(signed, new_id=False))
    return root


def _response_signature_on_evil_root(idp: SamlTestIdp) -> etree._Element:
    """XSW1 with one assertion: an evil root Response (new ID) keeps the genuine Response
    signature, and the genuine Response, its assertion removed, sits in a ds:Object."""
    original = _signed_doc(idp, response=True, assertion=False)
    evil = copy.deepcopy(original)
    evil.set("ID", "_evil" + original.get("ID"))
    evil.replace(_assertion(evil), _evil_assertion(_assertion(original)))
    original.remove(original.find("ds:Signature", NS))
    original.remove(_assertion(original))
    etree.SubElement(evil.find("ds:Signature", NS), f"{{{NS['ds']}}}Object").append(original)
    return evil


WRAPPINGS: dict[str, tuple[Callable[[SamlTestIdp], etree._Element], str]] = {
    "XSW1": (_xsw1, "saml_malformed"),
    "XSW2": (_xsw2, "saml_malformed"),
    "XSW3": (_xsw3, "saml_malformed"),
    "XSW4": (_xsw4, "saml_malformed"),
    "XSW5": (_xsw5, "saml_malformed"),
    "XSW6": (_xsw6, "saml_malformed"),
    "XSW7": (_xsw7, "saml_malformed"),
    "XSW8": (_xsw8, "saml_malformed"),
    "duplicate-id-before": (_duplicate_id_before, "saml_malformed"),
    "duplicate-id-replaced": (_duplicate_id_replaced, "saml_malformed"),
    "evil-after-double-signed": (_both_signed_assertion_swapped, "saml_malformed"),
    "single-signature-moved-to-evil": (_signature_moved_to_evil, "saml_bad_signature"),
    "single-same-id-same-signature": (_same_id_with_signature, "saml_bad_signature"),
    "single-signature-in-extensions": (_signature_in_extensions, "saml_bad_signature"),
    "single-signed-response-evil-assertion": (
        _signed_response_evil_assertion,
        "saml_bad_signature",
    ),
    "single-response-signature-on-evil-root": (
        _response_signature_on_evil_root,
        "saml_bad_signature",
    ),
}


@pytest.mark.parametrize("name", sorted(WRAPPINGS))
def test_signature_wrapping_is_refused(idp: SamlTestIdp, idp_config: SamlIdp, name: str) -> None:
    build, code = WRAPPINGS[name]
    document = etree.tostring(build(idp))
    assert EVIL.encode() in document  # the attack is really in there
    _refused(code, lambda: _parse(idp_config, _b64(document)))


def test_comment_inside_nameid_does_not_truncate_it(idp: SamlTestIdp, idp_config: SamlIdp) -> None:
    """CVE-2017-11427 style: a comment splits a signed NameID; canonicalization drops comments,
    so the signature still holds, and the SP must read the whole text, not the part before."""
    user = User(name_id="ada@example.test.evil.test", attributes={"groups": ["eng"]})
    root = etree.fromstring(idp.issue_xml(**_good(user=user, sign_response=False)).encode())
    name_id = root.find(".//saml:Assertion/saml:Subject/saml:NameID", NS)
    name_id.text = "ada@example.test"
    name_id.append(etree.Comment(""))
    name_id[-1].tail = ".evil.test"
    identity = _parse(idp_config, _b64(etree.tostring(root)))  # the signature does hold ...
    assert identity.name_id == "ada@example.test.evil.test"  # ... and nothing is cut off
    assert identity.email == "ada@example.test.evil.test"


# -- hostile XML ----------------------------------------------------------------------------


def _with_doctype(xml: str, doctype: str) -> str:
    body = xml.split("?>", 1)[1] if xml.startswith("<?xml") else xml
    return doctype + body


BILLION_LAUGHS = (
    '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    + "]>"
)
EXTERNAL_ENTITY = '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>'


@pytest.mark.parametrize(
    ("doctype", "reference"),
    [
        (BILLION_LAUGHS, "&i;"),
        (EXTERNAL_ENTITY, "&xxe;"),
        ('<!DOCTYPE r SYSTEM "http://127.0.0.1:9/x.dtd">', ""),
    ],
)
def test_dtd_and_entities_in_a_response_are_refused(
    idp: SamlTestIdp, idp_config: SamlIdp, doctype: str, reference: str
) -> None:
    xml = _with_doctype(idp.issue_xml(**_good()), doctype)
    _refused("saml_malformed", lambda: _parse(idp_config, _b64(xml)))
    expanded = xml.replace(">ada@example.test<", f">{reference}<", 1)
    _refused("saml_malformed", lambda: _parse(idp_config, _b64(expanded)))


# -- metadata ---------------------------------------------------------------------------------


def _metadata_root(idp: SamlTestIdp) -> etree._Element:
    return etree.fromstring(idp.metadata_xml().encode())


MD = {"md": "urn:oasis:names:tc:SAML:2.0:metadata", **NS}


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(lambda idp: "<EntityDescriptor", id="truncated"),
        pytest.param(lambda idp: "not xml", id="not-xml"),
        pytest.param(
            lambda idp: _with_doctype(idp.metadata_xml(), BILLION_LAUGHS), id="billion-laughs"
        ),
        pytest.param(
            lambda idp: _with_doctype(idp.metadata_xml(), EXTERNAL_ENTITY), id="external-entity"
        ),
        pytest.param(lambda idp: saml.sp_metadata_xml(SP), id="sp-metadata-not-idp"),
        pytest.param(lambda idp: _drop(idp, ".//md:KeyDescriptor"), id="no-certificate"),
        pytest.param(lambda idp: _drop(idp, ".//md:SingleSignOnService"), id="no-sso-url"),
        pytest.param(
            lambda idp: _sso_location(idp, "javascript:alert(1)"), id="sso-url-javascript"
        ),
        pytest.param(lambda idp: _sso_location(idp, "https://bad host/sso"), id="sso-url-invalid"),
        pytest.param(lambda idp: _bad_cert(idp), id="certificate-not-x509"),
        pytest.param(lambda idp: _wants_signed_requests(idp), id="wants-signed-requests"),
        pytest.param(lambda idp: "<a>" + "x" * (1024 * 1024) + "</a>", id="too-large"),
    ],
)
def test_bad_metadata_is_refused(idp: SamlTestIdp, mutate: Callable[[SamlTestIdp], str]) -> None:
    _refused("saml_bad_metadata", lambda: saml.parse_idp_metadata(mutate(idp)))


def _drop(idp: SamlTestIdp, path: str) -> str:
    root = _metadata_root(idp)
    for node in root.findall(path, MD):
        node.getparent().remove(node)
    return etree.tostring(root).decode()


def _sso_location(idp: SamlTestIdp, location: str) -> str:
    root = _metadata_root(idp)
    root.find(".//md:SingleSignOnService", MD).set("Location", location)
    return etree.tostring(root).decode()


def _bad_cert(idp: SamlTestIdp) -> str:
    root = _metadata_root(idp)
    root.find(".//ds:X509Certificate", MD).text = base64.b64encode(b"not a certificate").decode()
    return etree.tostring(root).decode()


def _wants_signed_requests(idp: SamlTestIdp) -> str:
    root = _metadata_root(idp)
    root.find(".//md:IDPSSODescriptor", MD).set("WantAuthnRequestsSigned", "true")
    return etree.tostring(root).decode()

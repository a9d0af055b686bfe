"""A real SAML 2.0 identity provider on 127.0.0.1 for the SSO tests, built on pysaml2.

pysaml2 is a different implementation from the one Stockade's service provider uses
(python3-saml), and it signs with the ``xmlsec1`` program rather than the ``xmlsec`` wheel,
so a test that passes does not merely show one library agreeing with itself.

The IdP has a throwaway RSA key and self-signed certificate made at test time. It serves
``GET /metadata`` (its metadata XML) and ``GET /sso`` (the HTTP-Redirect binding: pysaml2
parses the AuthnRequest and the answer is the usual auto-submitting HTML form that POSTs
``SAMLResponse`` and ``RelayState`` to the ACS URL named in the request). Tests can also ask
it directly for a response with any flaw: :meth:`SamlTestIdp.issue` signs the Response, the
Assertion, both or neither, for any audience, recipient, destination, validity window,
InResponseTo and attributes.
"""

from __future__ import annotations

import base64
import html
import re
import shutil
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.utils import CryptographyDeprecationWarning
from cryptography.x509.oid import NameOID

with warnings.catch_warnings():
    # pysaml2 7.5 still reaches for cryptography's old CFB location when imported; the test
    # IdP never uses that cipher, and the suite turns warnings into errors.
    warnings.filterwarnings("ignore", "CFB has been moved", CryptographyDeprecationWarning)
    from saml2 import BINDING_HTTP_REDIRECT, class_name, saml, samlp
    from saml2.config import IdPConfig
    from saml2.metadata import create_metadata_string
    from saml2.s_utils import sid
    from saml2.server import Server
    from saml2.sigver import pre_signature_part, signed_instance_factory
    from saml2.xmldsig import DIGEST_SHA1, DIGEST_SHA256, SIG_RSA_SHA1, SIG_RSA_SHA256

NAMEID_EMAIL = saml.NAMEID_FORMAT_EMAILADDRESS
STATUS_REQUEST_DENIED = samlp.STATUS_REQUEST_DENIED
SHA1 = {"sign_alg": SIG_RSA_SHA1, "digest_alg": DIGEST_SHA1}
"""``issue(..., **SHA1)``: the deprecated algorithms an old IdP might still use."""
PASSWORD_PROTECTED = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"


def make_key_pair(directory: Path, common_name: str = "Stockade test IdP") -> tuple[Path, Path]:
    """A fresh RSA key and a self-signed certificate for it, as PEM files (pysaml2 hands
    file names to xmlsec1)."""
    directory.mkdir(parents=True, exist_ok=True)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=2))
        .sign(key, hashes.SHA256())
    )
    key_file, cert_file = directory / "idp.key", directory / "idp.crt"
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key_file, cert_file


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class User:
    """Who "logs in" at the IdP when a browser arrives at /sso."""

    name_id: str = "ada@example.test"
    name_id_format: str = NAMEID_EMAIL
    attributes: dict[str, list[str]] = field(
        default_factory=lambda: {
            "email": ["ada@example.test"],
            "groups": ["engineering", "stockade-admins"],
        }
    )


class SamlTestIdp:
    """One pysaml2 IdP: entity id ``<base>/metadata``, SSO endpoint ``<base>/sso``."""

    def __init__(self, workdir: Path, base_url: str, *, entity_id: str | None = None) -> None:
        xmlsec1 = shutil.which("xmlsec1")
        if xmlsec1 is None:
            raise RuntimeError("the xmlsec1 program is needed (apt-get install xmlsec1)")
        self.base_url = base_url.rstrip("/")
        self.entity_id = entity_id or f"{self.base_url}/metadata"
        self.sso_url = f"{self.base_url}/sso"
        self.key_file, self.cert_file = make_key_pair(workdir)
        self.user = User()
        self.last_request_id: str | None = None
        self._sp_metadata: list[str] = []
        self._xmlsec1 = xmlsec1
        self._metadata: str | None = None
        self.server = self._server()

    def _config(self) -> IdPConfig:
        config = IdPConfig()
        config.load(
            {
                "entityid": self.entity_id,
                "xmlsec_binary": self._xmlsec1,
                "key_file": str(self.key_file),
                "cert_file": str(self.cert_file),
                "service": {
                    "idp": {
                        "name": "Stockade test IdP",
                        "endpoints": {
                            "single_sign_on_service": [(self.sso_url, BINDING_HTTP_REDIRECT)]
                        },
                        "want_authn_requests_signed": False,
                        "name_id_format": [NAMEID_EMAIL],
                    }
                },
                "metadata": {"inline": list(self._sp_metadata)},
                "signing_algorithm": SIG_RSA_SHA256,
                "digest_algorithm": DIGEST_SHA256,
                "delete_tmpfiles": True,
            }
        )
        return config

    def _server(self) -> Server:
        return Server(config=self._config())

    def trust_sp(self, sp_metadata_xml: str) -> None:
        """Load a service provider's metadata, as an IdP admin does when adding the app."""
        self._sp_metadata.append(sp_metadata_xml)
        self.server = self._server()

    def metadata_xml(self) -> str:
        if self._metadata is None:
            text = create_metadata_string(None, config=self.server.config, valid=24)
            self._metadata = text.decode() if isinstance(text, bytes) else str(text)
        return self._metadata

    @property
    def certificate_b64(self) -> str:
        """The signing certificate as it appears in metadata (base64 DER)."""
        pem = self.cert_file.read_text()
        return "".join(line for line in pem.splitlines() if "-----" not in line)

    # -- responses ------------------------------------------------------------------------

    def issue_xml(
        self,
        *,
        audience: str,
        recipient: str,
        in_response_to: str | None,
        destination: str | None = None,
        sign_response: bool = True,
        sign_assertion: bool = True,
        issued_at: datetime | None = None,
        not_before: timedelta = timedelta(minutes=-1),
        lifetime: timedelta = timedelta(minutes=5),
        user: User | None = None,
        issuer: str | None = None,
        status: str = samlp.STATUS_SUCCESS,
        assertion_id: str | None = None,
        sign_alg: str = SIG_RSA_SHA256,
        digest_alg: str = DIGEST_SHA256,
    ) -> str:
        """A Response XML document, signed by pysaml2 as asked.

        ``destination`` defaults to the recipient; ``in_response_to=None`` makes it
        unsolicited (IdP-initiated). Times are relative to ``issued_at`` (default: now).
        """
        who = user or self.user
        moment = issued_at or datetime.now(UTC)
        expiry = _stamp(moment + lifetime)
        issuer_id = issuer or self.entity_id
        assertion = saml.Assertion(
            id=assertion_id or sid(),
            version="2.0",
            issue_instant=_stamp(moment),
            issuer=saml.Issuer(text=issuer_id, format=saml.NAMEID_FORMAT_ENTITY),
            subject=saml.Subject(
                name_id=saml.NameID(text=who.name_id, format=who.name_id_format),
                subject_confirmation=[
                    saml.SubjectConfirmation(
                        method=saml.SCM_BEARER,
                        subject_confirmation_data=saml.SubjectConfirmationData(
                            recipient=recipient,
                            not_on_or_after=expiry,
                            in_response_to=in_response_to,
                        ),
                    )
                ],
            ),
            conditions=saml.Conditions(
                not_before=_stamp(moment + not_before),
                not_on_or_after=expiry,
                audience_restriction=[
                    saml.AudienceRestriction(audience=[saml.Audience(text=audience)])
                ],
            ),
            authn_statement=[
                saml.AuthnStatement(
                    authn_instant=_stamp(moment),
                    session_index=sid(),
                    authn_context=saml.AuthnContext(
                        authn_context_class_ref=saml.AuthnContextClassRef(text=PASSWORD_PROTECTED)
                    ),
                )
            ],
            attribute_statement=[
                saml.AttributeStatement(
                    attribute=[
                        saml.Attribute(
                            name=name,
                            name_format=saml.NAME_FORMAT_BASIC,
                            attribute_value=[saml.AttributeValue(text=v) for v in values],
                        )
                        for name, values in who.attributes.items()
                    ]
                )
            ],
        )
        response = samlp.Response(
            id=sid(),
            version="2.0",
            issue_instant=_stamp(moment),
            destination=destination if destination is not None else recipient,
            in_response_to=in_response_to,
            issuer=saml.Issuer(text=issuer_id, format=saml.NAMEID_FORMAT_ENTITY),
            status=samlp.Status(status_code=samlp.StatusCode(value=status)),
            assertion=[assertion],
        )
        to_sign: list[tuple[str, str]] = []
        if sign_assertion:
            assertion.signature = self._signature(assertion.id, 1, sign_alg, digest_alg)
            to_sign.append((class_name(assertion), assertion.id))
        if sign_response:
            response.signature = self._signature(response.id, 2, sign_alg, digest_alg)
            to_sign.append((class_name(response), response.id))
        if not to_sign:
            return str(response)
        signed = signed_instance_factory(response, self.server.sec, to_sign)
        return signed.decode() if isinstance(signed, bytes) else str(signed)

    def _signature(self, ident: str, number: int, sign_alg: str, digest_alg: str) -> Any:
        return pre_signature_part(
            ident, self.server.sec.my_cert, number, digest_alg=digest_alg, sign_alg=sign_alg
        )

    def issue(self, **options: Any) -> str:
        """:meth:`issue_xml`, base64-encoded as the SAMLResponse form field carries it."""
        return base64.b64encode(self.issue_xml(**options).encode()).decode()

    # -- the browser-facing endpoint ------------------------------------------------------

    def answer_redirect(self, query: str) -> tuple[str, str, str | None]:
        """Handle ``GET /sso?SAMLRequest=...``: ``(acs_url, SAMLResponse, RelayState)``.

        pysaml2 decodes and checks the AuthnRequest (destination, schema); the ACS URL is the
        one the request names, and must be one the trusted SP metadata lists.
        """
        params = {k: v[0] for k, v in parse_qs(query).items()}
        relay_state = params.get("RelayState")
        request = self.server.parse_authn_request(params["SAMLRequest"], BINDING_HTTP_REDIRECT)
        message = request.message
        sp_entity_id = message.issuer.text
        acs_urls = self.server.metadata.assertion_consumer_service(sp_entity_id)
        acs_url = message.assertion_consumer_service_url
        if acs_url not in [a["location"] for a in acs_urls]:
            raise ValueError(f"ACS URL {acs_url} is not in the SP's metadata")
        self.last_request_id = message.id
        response = self.issue(audience=sp_entity_id, recipient=acs_url, in_response_to=message.id)
        return acs_url, response, relay_state


def auto_post_form(acs_url: str, saml_response: str, relay_state: str | None) -> str:
    relay = (
        f'<input type="hidden" name="RelayState" value="{html.escape(relay_state)}"/>'
        if relay_state is not None
        else ""
    )
    return (
        '<!DOCTYPE html><html><body onload="document.forms[0].submit()">'
        f'<form method="post" action="{html.escape(acs_url)}">'
        f'<input type="hidden" name="SAMLResponse" value="{html.escape(saml_response)}"/>{relay}'
        "</form></body></html>"
    )


_INPUT = re.compile(r'<input type="hidden" name="(?P<name>\w+)" value="(?P<value>[^"]*)"/>')
_ACTION = re.compile(r'<form method="post" action="(?P<action>[^"]*)">')


def read_form(page: str) -> tuple[str, dict[str, str]]:
    """What a browser would POST from :func:`auto_post_form`: ``(action, fields)``."""
    action = _ACTION.search(page)
    if action is None:
        raise ValueError("no form in the IdP's answer")
    fields = {m["name"]: html.unescape(m["value"]) for m in _INPUT.finditer(page)}
    return html.unescape(action["action"]), fields


@contextmanager
def serve_idp(workdir: Path) -> Iterator[SamlTestIdp]:
    """A :class:`SamlTestIdp` listening on 127.0.0.1 (plain HTTP: only the browser talks to an
    IdP in SP-initiated SSO, and the tests play the browser)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    idp = SamlTestIdp(workdir, f"http://127.0.0.1:{httpd.server_address[1]}")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, body: str, content_type: str) -> None:
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            if url.path == "/metadata":
                self._send(200, idp.metadata_xml(), "application/samlmetadata+xml")
            elif url.path == "/sso":
                try:
                    with lock:
                        acs_url, response, relay_state = idp.answer_redirect(url.query)
                except Exception as exc:  # the IdP's error page
                    self._send(400, f"bad AuthnRequest: {type(exc).__name__}: {exc}", "text/plain")
                    return
                self._send(200, auto_post_form(acs_url, response, relay_state), "text/html")
            else:
                self._send(404, "not found", "text/plain")

    httpd.RequestHandlerClass = Handler
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield idp
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)

"""The SSRF guard shared by git sources and webhooks (stockade.core.netguard, .pinned).

Every refused address form is tried twice: written into the URL, and as the answer of a
resolver for a DNS name (the ``resolve=`` seam: a dict-backed function, no network). The
pinning client is tested against a real HTTPS server on loopback with a throwaway CA and a
certificate for ``hooks.test``, a name no DNS server knows.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import socket
import ssl
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from stockade.core.netguard import (
    UnsafeTargetError,
    internal_reason,
    parse_ip_literal,
    vet_host,
    vet_url,
)
from stockade.jobs.sources import SourceError
from stockade.jobs.sources.netguard import resolve_public
from stockade.webhooks.transport import PinnedTransport, pinned_async_client, pinned_client

# --------------------------------------------------------------------------- resolvers


class Resolver:
    """A resolver backed by a dict; each name maps to a list of answers per call (the last
    one repeats), so a test can answer differently on a second look-up (DNS rebinding)."""

    def __init__(self, table: dict[str, Sequence[Sequence[str]]]) -> None:
        self.table = table
        self.calls: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        if host not in self.table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        answers = self.table[host]
        return list(answers[min(len(self.calls) - 1, len(answers) - 1)])


def one(host: str, *addresses: str) -> Resolver:
    return Resolver({host: [list(addresses)]})


# ------------------------------------------------------------------ the address forms

# (address as an IP, what it is); each is refused as a literal and as a resolved answer.
INTERNAL = [
    ("127.0.0.1", "loopback"),
    ("127.255.255.254", "loopback"),
    ("10.0.0.1", "private"),
    ("172.16.0.1", "private"),
    ("172.31.255.255", "private"),
    ("192.168.1.1", "private"),
    ("100.64.0.1", "CGNAT"),
    ("100.127.255.254", "CGNAT"),
    ("198.18.0.1", "benchmarking"),
    ("198.19.255.255", "benchmarking"),
    ("0.0.0.0", "unspecified"),
    ("0.1.2.3", "this network"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.255", "broadcast"),
    ("169.254.0.1", "link-local"),
    ("169.254.169.254", "metadata"),
    ("169.254.170.2", "metadata"),
    ("100.100.100.200", "metadata"),
    ("168.63.129.16", "metadata"),
    ("224.0.0.1", "multicast"),
    ("239.255.255.250", "multicast"),
    ("192.0.0.8", "IETF protocol assignments"),
    ("192.0.2.1", "documentation"),
    ("::1", "loopback"),
    ("::", "unspecified"),
    ("fe80::1", "link-local"),
    ("febf:ffff::1", "link-local"),
    ("fc00::1", "unique-local"),
    ("fd12:3456::1", "unique-local"),
    ("fd00:ec2::254", "metadata"),
    ("fec0::1", "site-local"),
    ("feff::1", "site-local"),
    ("ff02::1", "multicast"),
    ("ff0e::1", "multicast"),
    ("::ffff:127.0.0.1", "IPv4-mapped"),
    ("::ffff:10.0.0.1", "IPv4-mapped"),
    ("::ffff:169.254.169.254", "IPv4-mapped"),
    ("::ffff:0:127.0.0.1", "IPv4-translated"),
    ("::127.0.0.1", "IPv4-compatible"),
    ("::10.0.0.1", "IPv4-compatible"),
    ("64:ff9b::127.0.0.1", "NAT64"),
    ("64:ff9b::10.0.0.1", "NAT64"),
    ("64:ff9b::169.254.169.254", "NAT64"),
    ("64:ff9b:1::a00:1", "NAT64"),
    ("64:ff9b:1:ffff::7f00:1", "NAT64"),
    ("2002:7f00:1::1", "6to4"),
    ("2002:a00:1::", "6to4"),
    ("2002:a9fe:a9fe::1", "6to4"),
    # Teredo: server 65.54.227.120 (public), client 127.0.0.1 stored inverted (80ff:fffe).
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo"),
    # Teredo: server 10.0.0.1, client 8.8.8.8 (f7f7:f7f7 inverted).
    ("2001:0:a00:1:8000:63bf:f7f7:f7f7", "Teredo"),
]

# Other spellings of internal IPv4 addresses that inet_aton / curl / browsers accept.
NUMERIC_FORMS = [
    ("2130706433", "127.0.0.1"),
    ("0177.0.0.1", "127.0.0.1"),
    ("0x7f.1", "127.0.0.1"),
    ("127.1", "127.0.0.1"),
    ("0x7f000001", "127.0.0.1"),
    ("017700000001", "127.0.0.1"),
    ("0X7F.0.0.1", "127.0.0.1"),
    ("127.0.0.1.", "127.0.0.1"),
    ("0", "0.0.0.0"),
    ("10.1", "10.0.0.1"),
    ("167772161", "10.0.0.1"),
    ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),
    ("0251.0376.0251.0376", "169.254.169.254"),
    ("169.16689662", "169.254.169.254"),
    ("192.168.0x101", "192.168.1.1"),
]

PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    # Look-alikes just outside the refused ranges.
    "9.255.255.255",
    "11.0.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "126.255.255.255",
    "128.0.0.1",
    "169.253.255.255",
    "169.255.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "192.167.255.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.1",
    "223.255.255.254",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    # IPv6 forms embedding a public IPv4 address are judged by that address.
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",  # Teredo client 8.8.8.8, server 65.54.227.120
]


def url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


@pytest.mark.parametrize(("address", "kind"), INTERNAL)
def test_internal_literal_in_url_is_refused(address: str, kind: str) -> None:
    resolver = Resolver({})
    with pytest.raises(UnsafeTargetError, match=r"internal \(private or loopback\)"):
        vet_url(f"https://{url_host(address)}/hook", resolve=resolver)
    assert resolver.calls == [], "an IP literal must not be looked up"


@pytest.mark.parametrize(("address", "kind"), INTERNAL)
def test_name_resolving_to_internal_address_is_refused(address: str, kind: str) -> None:
    resolver = one("hooks.example.com", address)
    with pytest.raises(UnsafeTargetError, match=r"hooks\.example\.com") as caught:
        vet_url("https://hooks.example.com/hook", resolve=resolver)
    assert str(ipaddress.ip_address(address)) in str(caught.value)
    assert resolver.calls == ["hooks.example.com"]
    with pytest.raises(SourceError, match="private or loopback"):
        resolve_public("hooks.example.com", 443, resolve=one("hooks.example.com", address))


@pytest.mark.parametrize(("address", "kind"), INTERNAL)
def test_every_internal_address_has_a_reason(address: str, kind: str) -> None:
    reason = internal_reason(ipaddress.ip_address(address))
    assert reason is not None and kind.lower().split("-")[0] in reason.lower(), reason


@pytest.mark.parametrize(("form", "address"), NUMERIC_FORMS)
def test_numeric_ipv4_forms_are_read_as_addresses(form: str, address: str) -> None:
    assert parse_ip_literal(form) == ipaddress.IPv4Address(address)
    resolver = Resolver({})
    with pytest.raises(UnsafeTargetError, match=address.replace(".", r"\.")):
        vet_url(f"http://{form}/", resolve=resolver, https_only=False)
    assert resolver.calls == []
    with pytest.raises(SourceError, match="private or loopback"):
        resolve_public(form, 443, resolve=resolver)


def test_numeric_forms_agree_with_inet_aton() -> None:
    """An independent reading of the same forms: the C library's inet_aton."""
    for form, address in NUMERIC_FORMS:
        plain = form.rstrip(".")
        assert socket.inet_ntoa(socket.inet_aton(plain)) == address, form
    assert parse_ip_literal("0x08.8.8.8") == parse_ip_literal("8.8.8.8")


@pytest.mark.parametrize(
    "host", ["256.0.0.1", "1.2.3.4.5", "1.2.3.256", "1.16777216", "08.0.0.1", "0x1.0x2.0x3.0x100"]
)
def test_malformed_numeric_hosts_are_refused_not_resolved(host: str) -> None:
    resolver = Resolver({})
    with pytest.raises(UnsafeTargetError, match="not a valid"):
        vet_url(f"https://{host}/", resolve=resolver)
    assert resolver.calls == []


@pytest.mark.parametrize(
    "host", ["1.2.3.4.example.com", "0x7f.example.com", "127.0.0.1.sslip.example", "a-1.test"]
)
def test_names_that_only_look_numeric_are_resolved(host: str) -> None:
    resolver = one(host, "8.8.4.4")
    assert vet_url(f"https://{host}/", resolve=resolver).address == "8.8.4.4"
    assert resolver.calls == [host]


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_are_accepted(address: str) -> None:
    resolver = one("hooks.example.com", address)
    target = vet_url("https://hooks.example.com:8443/in?x=1", resolve=resolver)
    assert ipaddress.ip_address(target.address) == ipaddress.ip_address(address)
    assert (target.scheme, target.host, target.port) == ("https", "hooks.example.com", 8443)
    literal = vet_url(f"https://{url_host(address)}/", resolve=Resolver({}))
    assert ipaddress.ip_address(literal.address) == ipaddress.ip_address(address)
    assert internal_reason(ipaddress.ip_address(address)) is None


def test_public_numeric_form_is_accepted() -> None:
    assert vet_url("http://134744072/", https_only=False, resolve=Resolver({})).address == (
        "8.8.8.8"
    )


def test_one_internal_answer_among_public_ones_refuses_the_name() -> None:
    resolver = one("mixed.example.com", "8.8.8.8", "2606:4700:4700::1111", "10.0.0.7")
    with pytest.raises(UnsafeTargetError, match=r"10\.0\.0\.7"):
        vet_url("https://mixed.example.com/", resolve=resolver)
    ok = one("multi.example.com", "1.1.1.1", "8.8.8.8")
    assert vet_url("https://multi.example.com/", resolve=ok).address == "1.1.1.1"


def test_real_names_resolving_to_loopback_are_refused() -> None:
    """The system resolver (no network: /etc/hosts) for localhost and this machine."""
    for name in ("localhost", "LOCALHOST"):
        with pytest.raises(UnsafeTargetError, match="loopback"):
            vet_url(f"https://{name}/")
    hostname = socket.gethostname()
    answers = {str(info[4][0]) for info in socket.getaddrinfo(hostname, 443)}
    # The standard library is the independent judge of what this machine's name is.
    expect_refused = any(not ipaddress.ip_address(a.split("%")[0]).is_global for a in answers)
    if expect_refused:
        with pytest.raises(UnsafeTargetError, match=hostname.lower()):
            vet_url(f"https://{hostname}/")
    else:
        assert vet_url(f"https://{hostname}/").address in answers


def test_unresolvable_name_is_refused() -> None:
    with pytest.raises(UnsafeTargetError, match="cannot resolve"):
        vet_url("https://nowhere.example.com/", resolve=Resolver({}))
    with pytest.raises(UnsafeTargetError, match="no address"):
        vet_url("https://empty.example.com/", resolve=one("empty.example.com"))


# ------------------------------------------------------------------------ allow-list


def test_allow_list_by_cidr() -> None:
    allow = ["10.20.0.0/16", "fd00:1234::/32", "127.0.0.1"]
    assert vet_url("https://10.20.3.4/", allow=allow).address == "10.20.3.4"
    assert vet_url("https://[fd00:1234::9]/", allow=allow).address == "fd00:1234::9"
    assert vet_url("https://127.0.0.1/", allow=allow).address == "127.0.0.1"
    many = one("pair.corp.example", "10.20.0.1", "10.20.0.2")
    pair = vet_url("https://pair.corp.example/", allow=iter(allow), resolve=many)
    assert pair.address == "10.20.0.1"
    git = one("git.corp.example", "10.20.9.9")
    assert vet_url("https://git.corp.example/r.git", allow=allow, resolve=git).address == (
        "10.20.9.9"
    )
    # An IPv6 form of an allowed IPv4 address reaches the same host, so it is allowed too.
    assert vet_url("https://[::ffff:10.20.0.5]/", allow=allow).address == "::ffff:a14:5"
    # Look-alikes just outside the allowed networks stay refused.
    for refused in ("10.21.0.1", "[fd00:1235::1]", "127.0.0.2", "[::ffff:10.21.0.1]"):
        with pytest.raises(UnsafeTargetError):
            vet_url(f"https://{refused}/", allow=allow)


def test_allow_list_by_host_name() -> None:
    allow = ["Git.Corp.Example.", "metadata.internal"]
    resolver = Resolver({"git.corp.example": [["10.0.0.5", "fd00::5"]]})
    target = vet_url("https://GIT.corp.example/x.git", allow=allow, resolve=resolver)
    assert (target.host, target.address) == ("git.corp.example", "10.0.0.5")
    with pytest.raises(UnsafeTargetError, match=r"10\.0\.0\.6"):
        vet_url(
            "https://git2.corp.example/", allow=allow, resolve=one("git2.corp.example", "10.0.0.6")
        )
    # Allowing a name does not allow the address for other names.
    with pytest.raises(UnsafeTargetError):
        vet_url("https://10.0.0.5/", allow=allow)
    assert resolve_public("localhost", 443, ["localhost"]) in {"127.0.0.1", "::1"}


# --------------------------------------------------------------------------- URL rules


@pytest.mark.parametrize(
    "url",
    [
        "https://user:secret@hooks.example.com/",
        "https://user@hooks.example.com/",
        "https://:@hooks.example.com/",
        "https://hooks.example.com@127.0.0.1/",
    ],
)
def test_urls_with_credentials_are_refused(url: str) -> None:
    resolver = one("hooks.example.com", "8.8.8.8")
    with pytest.raises(UnsafeTargetError, match="credentials"):
        vet_url(url, resolve=resolver)
    assert resolver.calls == []


def test_scheme_rules() -> None:
    resolver = one("hooks.example.com", "8.8.8.8")
    with pytest.raises(UnsafeTargetError, match="'http' is not allowed"):
        vet_url("http://hooks.example.com/", resolve=resolver)
    target = vet_url("http://hooks.example.com/", resolve=resolver, https_only=False)
    assert (target.scheme, target.port) == ("http", 80)
    for url in ("ftp://hooks.example.com/", "file:///etc/passwd", "gopher://x/", "//x/"):
        with pytest.raises(UnsafeTargetError, match="not allowed"):
            vet_url(url, resolve=resolver, https_only=False)


@pytest.mark.parametrize(
    "url",
    [
        "https:///path",
        "https://hooks.example.com:99999/",
        "https://hooks.example.com:x/",
        "https://127.0.0.1\\@hooks.example.com/",
        "https://hooks.example.com /",
        "https://hooks.example.com\t/",
        "https://hooks\x00.example.com/",
        "https://hooks_.-bad..example.com/",
        "https://[::1/",
        "https://[fe80::1%25eth0]/",
    ],
)
def test_malformed_urls_are_refused(url: str) -> None:
    with pytest.raises((UnsafeTargetError, ValueError)):
        vet_url(url, resolve=one("hooks.example.com", "8.8.8.8"))


def test_idn_hosts_are_resolved_in_ascii() -> None:
    resolver = one("xn--bcher-kva.example", "8.8.8.8")
    target = vet_url("https://bücher.example/", resolve=resolver)
    assert (target.host, resolver.calls) == ("xn--bcher-kva.example", ["xn--bcher-kva.example"])


def test_vet_host_returns_first_answer() -> None:
    resolver = one("a.example.com", "2606:4700:4700::1111", "1.1.1.1")
    assert str(vet_host("a.example.com", 443, resolve=resolver)) == "2606:4700:4700::1111"


# ------------------------------------------------------- pinning against a real server


@dataclass
class Seen:
    hosts: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    sni: list[str | None] = field(default_factory=list)


class _Handler(BaseHTTPRequestHandler):
    server: _TLSServer

    def do_GET(self) -> None:
        self.server.seen.hosts.append(self.headers.get("Host", ""))
        self.server.seen.paths.append(self.path)
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "https://other.test/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = self.server.name.encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@dataclass(frozen=True)
class Pki:
    ca: Path
    cert: Path
    key: Path


class _TLSServer(ThreadingHTTPServer):
    """HTTPS on one address; records the Host header, path and SNI name of each request."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], pki: Pki, name: str) -> None:
        super().__init__(address, _Handler)
        self.pki, self.name, self.seen = pki, name, Seen()

    def _record_sni(self, _sock: ssl.SSLObject, name: str | None, _ctx: ssl.SSLContext) -> None:
        self.seen.sni.append(name)

    def finish_request(self, request: Any, client_address: Any) -> None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.pki.cert, self.pki.key)
        context.sni_callback = self._record_sni
        try:
            tls = context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return  # the client refused our certificate: nothing to serve
        with tls:
            super().finish_request(tls, client_address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_pki(directory: Path, dns_name: str) -> Pki:
    """A throwaway CA and a server certificate it signed for ``dns_name`` only."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("stockade test CA"))
        .issuer_name(_name("stockade test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(dns_name))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(dns_name)]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = Pki(directory / "ca.pem", directory / "cert.pem", directory / "key.pem")
    paths.ca.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths.key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


@contextmanager
def serve(pki: Pki, address: tuple[str, int], name: str) -> Iterator[_TLSServer]:
    server = _TLSServer(address, pki, name)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def pki(tmp_path: Path) -> Pki:
    return make_pki(tmp_path, "hooks.test")


@pytest.fixture
def servers(pki: Pki) -> Iterator[tuple[_TLSServer, _TLSServer]]:
    """The real receiver on 127.0.0.1 and, on the same port, an "internal" one on
    127.0.0.2 that a rebinding attack would like to reach."""
    with serve(pki, ("127.0.0.1", 0), "receiver") as good:
        with serve(pki, ("127.0.0.2", good.server_address[1]), "internal") as bad:
            yield good, bad


def trust(pki: Pki) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(pki.ca))


def test_pinned_client_keeps_host_sni_and_certificate_checks(
    pki: Pki, servers: tuple[_TLSServer, _TLSServer]
) -> None:
    good, bad = servers
    port = good.server_address[1]
    resolver = one("hooks.test", "127.0.0.1")
    target = vet_url(f"https://hooks.test:{port}/in", allow=["127.0.0.1/32"], resolve=resolver)
    with pinned_client(target, verify=trust(pki), timeout=5) as client:
        response = client.get(f"https://hooks.test:{port}/in")
    assert (response.status_code, response.text) == (200, "receiver")
    assert str(response.request.url) == f"https://hooks.test:{port}/in"
    assert good.seen.hosts == [f"hooks.test:{port}"] and good.seen.sni == ["hooks.test"]
    assert bad.seen.paths == []
    # Without the throwaway CA the same certificate is not trusted: verification is on.
    with pinned_client(target, timeout=5) as client:
        with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
            client.get(f"https://hooks.test:{port}/in")


def test_certificate_is_checked_for_the_url_name_not_the_address(
    pki: Pki, servers: tuple[_TLSServer, _TLSServer]
) -> None:
    good, _ = servers
    port = good.server_address[1]
    resolver = one("wrong.test", "127.0.0.1")
    target = vet_url(f"https://wrong.test:{port}/", allow=["127.0.0.1/32"], resolve=resolver)
    with pinned_client(target, verify=trust(pki), timeout=5) as client:
        with pytest.raises(httpx.ConnectError, match="Hostname mismatch"):
            client.get(f"https://wrong.test:{port}/")
    assert good.seen.paths == []


def test_rebinding_after_the_check_still_dials_the_vetted_address(
    pki: Pki, servers: tuple[_TLSServer, _TLSServer]
) -> None:
    good, bad = servers
    port = good.server_address[1]
    # First look-up: the allowed receiver; every later one: an internal address.
    resolver = Resolver({"hooks.test": [["127.0.0.1"], ["127.0.0.2"]]})
    allow = ["127.0.0.1/32"]
    target = vet_url(f"https://hooks.test:{port}/", allow=allow, resolve=resolver)
    with pinned_client(target, verify=trust(pki), timeout=5) as client:
        for index in range(3):
            response = client.get(
                f"https://hooks.test:{port}/n{index}", headers={"Connection": "close"}
            )
            assert response.text == "receiver"
    assert good.seen.paths == ["/n0", "/n1", "/n2"] and bad.seen.paths == []
    assert resolver.calls == ["hooks.test"]
    # A second look-up would have answered the internal address, which the guard refuses.
    with pytest.raises(UnsafeTargetError, match=r"127\.0\.0\.2"):
        vet_url(f"https://hooks.test:{port}/", allow=allow, resolve=resolver)


def test_public_first_answer_is_the_one_dialled() -> None:
    """No network here, so httpx's own MockTransport stands in for the wire and records
    what the pinned transport hands it."""
    resolver = Resolver({"hooks.example.com": [["93.184.216.34"], ["127.0.0.1"]]})
    target = vet_url("https://hooks.example.com/in", resolve=resolver)
    sent: list[httpx.Request] = []

    def wire(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(204)

    transport = PinnedTransport(target, inner=httpx.MockTransport(wire))
    with httpx.Client(transport=transport, trust_env=False) as client:
        client.post("https://hooks.example.com/in", content=b"{}")
        client.post("https://hooks.example.com/in", content=b"{}")
    assert [str(r.url) for r in sent] == ["https://93.184.216.34/in"] * 2
    assert {r.headers["host"] for r in sent} == {"hooks.example.com"}
    assert {r.extensions["sni_hostname"] for r in sent} == {"hooks.example.com"}
    assert resolver.calls == ["hooks.example.com"]


def test_pinned_client_refuses_other_origins_and_redirects(
    pki: Pki, servers: tuple[_TLSServer, _TLSServer]
) -> None:
    good, _ = servers
    port = good.server_address[1]
    target = vet_url(
        f"https://hooks.test:{port}/",
        allow=["127.0.0.1/32"],
        resolve=one("hooks.test", "127.0.0.1"),
    )
    with pinned_client(target, verify=trust(pki), timeout=5) as client:
        for other in (
            f"https://other.test:{port}/",
            f"https://hooks.test:{port + 1}/",
            f"http://hooks.test:{port}/",
        ):
            with pytest.raises(UnsafeTargetError, match="may only reach"):
                client.get(other)
        response = client.get(f"https://hooks.test:{port}/redirect")
        assert response.status_code == 302  # handed back, not followed
        with pytest.raises(UnsafeTargetError, match=r"other\.test"):
            client.get(f"https://hooks.test:{port}/redirect", follow_redirects=True)
    assert good.seen.paths == ["/redirect", "/redirect"]


def test_pinned_client_ignores_proxy_settings(
    pki: Pki, servers: tuple[_TLSServer, _TLSServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    good, _ = servers
    port = good.server_address[1]
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.2:9/")
    monkeypatch.setenv("ALL_PROXY", "http://127.0.0.2:9/")
    target = vet_url(
        f"https://hooks.test:{port}/",
        allow=["127.0.0.1/32"],
        resolve=one("hooks.test", "127.0.0.1"),
    )
    with pinned_client(target, verify=trust(pki), timeout=5) as client:
        assert client.get(f"https://hooks.test:{port}/p").text == "receiver"


def test_async_pinned_client(pki: Pki, servers: tuple[_TLSServer, _TLSServer]) -> None:
    good, bad = servers
    port = good.server_address[1]
    resolver = Resolver({"hooks.test": [["127.0.0.1"], ["127.0.0.2"]]})
    target = vet_url(f"https://hooks.test:{port}/", allow=["127.0.0.1/32"], resolve=resolver)

    async def run() -> list[str]:
        async with pinned_async_client(target, verify=trust(pki), timeout=5) as client:
            return [(await client.get(f"https://hooks.test:{port}/a{i}")).text for i in range(2)]

    assert asyncio.run(run()) == ["receiver", "receiver"]
    assert good.seen.paths == ["/a0", "/a1"] and bad.seen.paths == []
    assert good.seen.sni == ["hooks.test", "hooks.test"]  # HTTP/1.0: one connection each


def test_ip_literal_targets_match_any_spelling_of_the_address() -> None:
    sent: list[str] = []

    def wire(request: httpx.Request) -> httpx.Response:
        sent.append(str(request.url))
        return httpx.Response(204)

    target = vet_url("https://[2606:4700:4700::1111]/in", resolve=Resolver({}))
    transport = PinnedTransport(target, inner=httpx.MockTransport(wire))
    with httpx.Client(transport=transport, trust_env=False) as client:
        client.get("https://[2606:4700:4700:0:0:0:0:1111]/in")
        with pytest.raises(UnsafeTargetError, match="may only reach"):
            client.get("https://[2606:4700:4700::1112]/in")
    assert sent == ["https://[2606:4700:4700::1111]/in"]

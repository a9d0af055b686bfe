"""Decide whether a user-supplied URL or host may be contacted (the SSRF guard's rules).

Git sources, webhooks and chat or code-host integrations all fetch or post to URLs that a
user typed. Such a URL may name the server's own network: a loopback or private address, a
cloud metadata service, or a public-looking IPv6 form that embeds one of those (NAT64, 6to4,
Teredo, IPv4-mapped). This module holds the rules, as pure functions, so every package can
share them (``core`` is the one place webhooks, tenancy and jobs may all import):

- :func:`vet_url` / :func:`vet_host` resolve a host **once** and refuse it unless every
  address is public or allow-listed (``server.allow_private_targets``: host names or CIDRs).
  They return the vetted address, which the caller must dial instead of resolving again, so
  DNS rebinding between the check and the connection cannot swap it (see
  :mod:`stockade.webhooks.transport` for an httpx client that does exactly that).
- :func:`parse_ip_literal` reads the host forms an IPv4 parser accepts beyond dotted quads
  (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``): clients such as curl and
  ``getaddrinfo`` turn them into addresses, so the guard must too, or they bypass it.
- :func:`internal_reason` classifies one address and says why it is refused.

The only I/O is the DNS look-up of the default resolver (``socket.getaddrinfo``); tests and
callers with their own resolver pass ``resolve=`` (a function ``(host, port) -> addresses``).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from stockade.core.errors import StockadeError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], Sequence[str]]
"""``(host, port) -> addresses`` as text; raises ``OSError`` when the name does not resolve."""

ALLOW_HINT = "allow it with server.allow_private_targets"
DEFAULT_PORTS = {"https": 443, "http": 80}


class UnsafeTargetError(StockadeError):
    """A URL or host was refused: it is malformed or reaches a non-public address.

    The message is safe to show to the user who supplied the URL (no credentials)."""


@dataclass(frozen=True, slots=True)
class VettedTarget:
    """A URL that passed the guard, and the one address a client may connect to for it.

    ``host`` is the URL's host in canonical form (lower case, IDNA ASCII, no brackets): the
    name a client must keep for the ``Host`` header, TLS SNI and certificate checks while
    it dials ``address``."""

    url: str
    scheme: str
    host: str
    port: int
    address: str


def _nets(*cidrs: str) -> tuple[IPNetwork, ...]:
    return tuple(ipaddress.ip_network(cidr) for cidr in cidrs)


# Exact addresses of cloud metadata and host services; several are inside refused ranges
# anyway, the table gives the clearer reason. 168.63.129.16 (Azure) is a public address.
_METADATA = frozenset(
    ipaddress.ip_address(text)
    for text in (
        "169.254.169.254",  # AWS, GCP, Azure, OCI, DigitalOcean, OpenStack
        "169.254.170.2",  # AWS ECS task metadata
        "169.254.169.123",  # AWS time sync
        "169.254.0.23",  # Tencent Cloud
        "100.100.100.200",  # Alibaba Cloud
        "192.0.0.192",  # Oracle Cloud (classic)
        "168.63.129.16",  # Azure WireServer
        "fd00:ec2::254",  # AWS IMDS over IPv6
        "fd00:ec2::23",  # AWS DNS over IPv6
        "fd20:ce::254",  # GCP metadata over IPv6
    )
)

# (networks, reason), checked in order; the first match names the reason.
_V4_RULES: tuple[tuple[tuple[IPNetwork, ...], str], ...] = (
    (_nets("255.255.255.255/32"), "broadcast"),
    (_nets("0.0.0.0/8"), "unspecified / this network"),
    (_nets("127.0.0.0/8"), "loopback"),
    (_nets("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"), "private (RFC 1918)"),
    (_nets("100.64.0.0/10"), "shared address space (CGNAT, RFC 6598)"),
    (_nets("169.254.0.0/16"), "link-local"),
    (_nets("198.18.0.0/15"), "benchmarking (RFC 2544)"),
    (_nets("192.0.0.0/24"), "IETF protocol assignments"),
    (_nets("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"), "documentation"),
    (_nets("192.88.99.0/24"), "6to4 relay anycast"),
    (_nets("224.0.0.0/4"), "multicast"),
    (_nets("240.0.0.0/4"), "reserved"),
)

_V6_RULES: tuple[tuple[tuple[IPNetwork, ...], str], ...] = (
    (_nets("::/128"), "unspecified"),
    (_nets("::1/128"), "loopback"),
    (_nets("fe80::/10"), "link-local"),
    (_nets("fec0::/10"), "site-local (deprecated)"),
    (_nets("fc00::/7"), "unique-local"),
    (_nets("ff00::/8"), "multicast"),
    (_nets("::/96"), "IPv4-compatible IPv6 (deprecated)"),
    (_nets("64:ff9b:1::/48"), "local-use NAT64 prefix (RFC 8215)"),
    (_nets("100::/64"), "discard-only"),
    (_nets("2001:2::/48"), "benchmarking"),
    (_nets("2001:db8::/32", "3fff::/20"), "documentation"),
    (_nets("5f00::/16"), "segment routing (SRv6)"),
)

_MAPPED = ipaddress.ip_network("::ffff:0:0/96")  # IPv4-mapped
_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # IPv4-translated (SIIT)
_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # well-known NAT64 prefix
_TEREDO = ipaddress.ip_network("2001::/32")


def _match(address: IPAddress, rules: Iterable[tuple[tuple[IPNetwork, ...], str]]) -> str | None:
    for networks, reason in rules:
        if any(address in network for network in networks):
            return reason
    return None


def _embedded_v4(address: ipaddress.IPv6Address) -> tuple[str, list[ipaddress.IPv4Address]]:
    """The IPv4 addresses a packet to ``address`` really goes to, for the IPv6 forms that
    carry one; an empty list for ordinary IPv6 addresses."""
    low32 = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address in _MAPPED:
        return "IPv4-mapped", [low32]
    if address in _TRANSLATED:
        return "IPv4-translated", [low32]
    if address in _NAT64:
        return "NAT64", [low32]
    if address.sixtofour is not None:
        return "6to4", [address.sixtofour]
    if address in _TEREDO and address.teredo is not None:
        server, client = address.teredo
        return "Teredo", [server, client]
    return "", []


def internal_reason(address: IPAddress) -> str | None:
    """Why ``address`` must not be contacted (e.g. ``"loopback"``), or None when public.

    Explicit tables come first so the reason is precise and stable across Python versions;
    IPv6 forms that embed an IPv4 address are judged by that address; anything else the
    standard library does not call global is refused as a backstop."""
    if address in _METADATA:
        return "cloud metadata service"
    if isinstance(address, ipaddress.IPv4Address):
        reason = _match(address, _V4_RULES)
        if reason is None and not address.is_global:
            reason = "not globally routable"
        return reason
    reason = _match(address, _V6_RULES)
    if reason is not None:
        return reason
    form, embedded = _embedded_v4(address)
    if embedded:
        for inner in embedded:
            inner_reason = internal_reason(inner)
            if inner_reason is not None:
                return f"{form} form of {inner} ({inner_reason})"
        return None
    return None if address.is_global else "not globally routable"


def is_internal(address: IPAddress) -> bool:
    """True when ``address`` is loopback, private, link-local, metadata or otherwise not public."""
    return internal_reason(address) is not None


_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]*|[0-9]+)$")
_LABEL = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$")


def _ipv4_part(part: str) -> int:
    if part[:2].lower() == "0x":
        return int(part[2:] or "0", 16)
    if len(part) > 1 and part.startswith("0"):
        return int(part, 8)  # raises ValueError on 8 or 9, as inet_aton refuses them
    return int(part)


def _parse_ipv4_forms(host: str) -> ipaddress.IPv4Address | None:
    """The address of a host written the way ``inet_aton`` and WHATWG URLs read IPv4 (one to
    four parts, each decimal, octal with a leading 0 or hex with 0x); None when the host does
    not end in a number and so is a DNS name."""
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()  # one trailing dot: "127.0.0.1." is still the address
    if not _NUMBER.match(parts[-1]):
        return None
    if len(parts) > 4 or not all(_NUMBER.match(part) for part in parts):
        raise UnsafeTargetError(f"host {host!r} is not a valid IPv4 address")
    try:
        numbers = [_ipv4_part(part) for part in parts]
    except ValueError:
        raise UnsafeTargetError(f"host {host!r} is not a valid IPv4 address") from None
    *head, last = numbers
    if any(number > 255 for number in head) or last >= 256 ** (5 - len(numbers)):
        raise UnsafeTargetError(f"host {host!r} is not a valid IPv4 address")
    value = last
    for index, number in enumerate(head):
        value += number << (8 * (3 - index))
    return ipaddress.IPv4Address(value)


def parse_ip_literal(host: str) -> IPAddress | None:
    """The address ``host`` denotes when it is an IP literal in any accepted form (IPv6 with
    or without brackets, dotted quad, or the decimal/octal/hex/short IPv4 forms); None for a
    DNS name. Raises UnsafeTargetError for a host that looks numeric but is not an address."""
    text = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if ":" in text:
        try:
            return ipaddress.IPv6Address(text)
        except ValueError:
            raise UnsafeTargetError(f"host {host!r} is not a valid IPv6 address") from None
    return _parse_ipv4_forms(text) if text else None


def canonical_host(host: str) -> str:
    """``host`` in the form clients send (lower case, IDNA ASCII, IPv6 without brackets).

    Raises UnsafeTargetError for an empty host or characters no host name may contain."""
    text = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not text:
        raise UnsafeTargetError("the URL has no host")
    literal = parse_ip_literal(text)
    if literal is not None:
        return text.lower()
    try:
        ascii_name = text.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise UnsafeTargetError(f"host {host!r} is not a valid host name") from None
    labels = ascii_name[:-1].split(".") if ascii_name.endswith(".") else ascii_name.split(".")
    if len(ascii_name) > 254 or not all(_LABEL.match(label) for label in labels):
        raise UnsafeTargetError(f"host {host!r} is not a valid host name")
    return ascii_name


def system_resolver(host: str, port: int) -> list[str]:
    """Every address ``getaddrinfo`` gives for ``host`` (stream sockets), in its order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def _allow_networks(allow: Iterable[str]) -> tuple[set[str], list[IPNetwork]]:
    names: set[str] = set()
    networks: list[IPNetwork] = []
    for entry in allow:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            names.add(entry.strip().lower().rstrip("."))
    return names, networks


def is_allowed(host: str, address: IPAddress, allow: Iterable[str]) -> bool:
    """True when ``server.allow_private_targets`` (``allow``) names ``host`` or a network
    holding ``address`` (or the IPv4 address an IPv6 form of it embeds)."""
    names, networks = _allow_networks(allow)
    if host.lower().rstrip(".") in names:
        return True
    candidates: list[IPAddress] = [address]
    if isinstance(address, ipaddress.IPv6Address):
        candidates.extend(_embedded_v4(address)[1])
    return any(candidate in network for candidate in candidates for network in networks)


def _resolve(host: str, port: int, resolve: Resolver) -> list[IPAddress]:
    try:
        answers = list(resolve(host, port))
    except (OSError, UnicodeError) as exc:
        raise UnsafeTargetError(f"cannot resolve host {host!r}: {exc}") from None
    if not answers:
        raise UnsafeTargetError(f"host {host!r} has no address")
    addresses: list[IPAddress] = []
    for answer in answers:
        try:
            addresses.append(ipaddress.ip_address(answer))
        except ValueError:
            raise UnsafeTargetError(f"host {host!r} resolved to {answer!r}") from None
    return addresses


def vet_host(
    host: str, port: int, *, allow: Iterable[str] = (), resolve: Resolver = system_resolver
) -> IPAddress:
    """The address to connect to for ``host``: resolved once, every answer checked.

    An IP literal (any form :func:`parse_ip_literal` reads) is not resolved. A name is
    refused when **any** of its addresses is internal and not allow-listed, since a client
    left to pick could pick that one. The first answer is returned: dial it, never the name.
    """
    allow = tuple(allow)  # read once per address below; a generator would run dry
    name = canonical_host(host)
    literal = parse_ip_literal(name)
    addresses = [literal] if literal is not None else _resolve(name, port, resolve)
    for address in addresses:
        reason = internal_reason(address)
        if reason is not None and not is_allowed(name, address, allow):
            subject = (
                f"address {name!r} is" if literal is not None else f"host {name!r} resolves to"
            )
            raise UnsafeTargetError(
                f"{subject} {address} ({reason}), an internal (private or loopback) address; "
                f"{ALLOW_HINT}"
            )
    return addresses[0]


def _split(url: str, https_only: bool) -> tuple[str, str, int]:
    if any(ch.isspace() or ord(ch) < 0x20 or ch == "\\" for ch in url):
        raise UnsafeTargetError("the URL contains whitespace, control characters or '\\'")
    try:
        parts = urlsplit(url)
    except ValueError:  # an unclosed "[" of an IPv6 literal, say
        raise UnsafeTargetError("the URL is malformed") from None
    scheme = parts.scheme.lower()
    allowed = ("https",) if https_only else ("https", "http")
    if scheme not in allowed:
        raise UnsafeTargetError(
            f"URL scheme {scheme or 'none'!r} is not allowed (use {' or '.join(allowed)})"
        )
    if "@" in parts.netloc:
        raise UnsafeTargetError("the URL must not contain credentials (user:password@)")
    try:
        port = parts.port or DEFAULT_PORTS[scheme]
    except ValueError:
        raise UnsafeTargetError("the URL has an invalid port") from None
    return scheme, parts.hostname or "", port


def vet_url(
    url: str,
    *,
    allow: Iterable[str] = (),
    resolve: Resolver = system_resolver,
    https_only: bool = True,
) -> VettedTarget:
    """Check ``url`` (scheme, no credentials, host) and vet its host once (:func:`vet_host`).

    ``https_only=False`` also accepts ``http``; other schemes are always refused."""
    scheme, raw_host, port = _split(url, https_only)
    host = canonical_host(raw_host)
    address = vet_host(host, port, allow=allow, resolve=resolve)
    return VettedTarget(url=url, scheme=scheme, host=host, port=port, address=str(address))
